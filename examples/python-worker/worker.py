#!/usr/bin/env python3
"""A render worker for Faceless Studio, in Python.

Written from the product's bus contract alone (GET /api/asyncapi.json, rendered in
docs/bus-contract.md): it imports nothing from the product. It consumes `render.requests` in the
consumer group `render-workers`, reports every stage on `render.status` (keyed by the video id,
with the request's correlation and causation ids and the `schemaVersion` header), makes a short
video with ffmpeg (a coloured card per script line with the line drawn on it, over a quiet tone),
uploads the MP4 and a JPEG thumbnail to the product's S3 media bucket under
`videos/<userId>/<videoId>/`, and reports `done` with the media.

Delivery is at least once: an offset is committed only after the request was handled (done,
failed, or dead-lettered), so a request may come again; rendering it again overwrites the same keys.
"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from datetime import datetime, timezone

import boto3
from botocore.config import Config as BotoConfig
from confluent_kafka import Consumer, KafkaError, Producer

# --- From the contract -------------------------------------------------------------------------
REQUESTS_TOPIC = "render.requests"
STATUS_TOPIC = "render.status"
CONSUMER_GROUP = "render-workers"
SCHEMA_VERSION = 1  # the version of render.requests this worker reads, and of render.status it writes
FRAME_SIZES = {"9:16": (1080, 1920), "16:9": (1920, 1080), "1:1": (1080, 1080)}
REQUIRED_TEXT = ("videoId", "userId", "topic", "language", "voiceId", "style", "requestedAt")
DLQ_SUFFIX = ".dlq"

# --- This worker's own choices -----------------------------------------------------------------
FPS = 30
CARD_SECONDS = 2.0
MAX_CARDS = 3
CARD_COLOURS = ["0x1d3557", "0x9d0208", "0x2a9d8f", "0x6a4c93", "0xe76f51"]


def now_iso():
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def log(message, **fields):
    print(json.dumps({"time": now_iso(), "msg": message, **fields}), flush=True)


class Unreadable(Exception):
    """A message no retry can help: it goes to the dead-letter topic."""


class Settings:
    def __init__(self, env):
        bus_url = env.get("BUS_URL", "")
        if not bus_url.startswith("kafka://"):
            raise SystemExit("BUS_URL must be kafka://host:port[,host:port] (the product's BUS_URL)")
        self.brokers = bus_url[len("kafka://"):].split("?", 1)[0].rstrip("/")
        namespace = env.get("BUS_NAMESPACE", "")
        self.prefix = f"{namespace}." if namespace else ""
        self.worker_id = env.get("WORKER_ID") or f"python-{socket.gethostname()}-{os.getpid()}"
        self.bucket = env.get("S3_BUCKET", "")
        if not self.bucket:
            raise SystemExit("S3_BUCKET must name the product's media bucket")
        self.s3_endpoint = env.get("S3_ENDPOINT") or None
        self.s3_region = env.get("S3_REGION") or "us-east-1"
        self.s3_key_id = env.get("S3_ACCESS_KEY_ID") or None
        self.s3_secret = env.get("S3_SECRET_ACCESS_KEY") or None
        self.s3_path_style = env.get("S3_FORCE_PATH_STYLE", "").lower() in ("true", "1", "yes")
        prefix = env.get("S3_PREFIX", "").strip("/")
        self.s3_prefix = f"{prefix}/" if prefix else ""
        self.ffmpeg = env.get("FFMPEG_PATH", "ffmpeg")
        self.ffprobe = env.get("FFPROBE_PATH", "ffprobe")
        self.preset = env.get("RENDER_PRESET", "veryfast")
        self.max_attempts = int(env.get("RENDER_MAX_ATTEMPTS", "3"))
        self.backoff_seconds = int(env.get("RENDER_BACKOFF_MS", "2000")) / 1000
        self.font = env.get("FONT_FILE", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        self.work_dir = env.get("WORK_DIR") or tempfile.gettempdir()


def headers_of(message):
    return {name: (value or b"").decode("utf-8", "replace") for name, value in (message.headers() or [])}


def read_request(value, headers):
    """The request, checked as the contract's JSON Schema says, or Unreadable with the reason."""
    declared = headers.get("schemaVersion", "1")
    if not re.fullmatch(r"[1-9][0-9]*", declared):
        raise Unreadable(f"schemaVersion header {declared!r} is not a positive integer")
    if int(declared) > SCHEMA_VERSION:
        raise Unreadable(f"schema version {declared} is newer than the {SCHEMA_VERSION} this worker reads")
    try:
        request = json.loads((value or b"").decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Unreadable(f"not JSON: {error}") from None
    if not isinstance(request, dict):
        raise Unreadable("not a JSON object")
    problems = [f"{name}: required text" for name in REQUIRED_TEXT if not isinstance(request.get(name), str) or not request[name]]
    if request.get("aspectRatio") not in FRAME_SIZES:
        problems.append(f"aspectRatio: one of {', '.join(FRAME_SIZES)}")
    duration = request.get("duration")
    if not isinstance(duration, int) or isinstance(duration, bool) or duration <= 0:
        problems.append("duration: a positive integer")
    version = request.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        problems.append("version: a positive integer")
    if problems:
        raise Unreadable("not a render request: " + "; ".join(problems))
    return request


def script_for(request):
    """The request's own script (a re-render of the creator's edits), or a short one of ours."""
    given = request.get("script")
    if isinstance(given, dict) and given.get("narrationScript"):
        return given
    subject = request.get("customPrompt") or request["topic"]
    lines = [
        f"{subject}.",
        f"A {request['style']} short in {request['language']}.",
        "Rendered by a worker written in Python.",
    ]
    return {
        "title": subject[:100],
        "description": f"{subject}: a short made by the Python example worker."[:2000],
        "narrationScript": lines,
    }


class Worker:
    def __init__(self, settings):
        self.settings = settings
        self.stopping = False
        s = settings
        self.consumer = Consumer({
            "bootstrap.servers": s.brokers,
            "group.id": s.prefix + CONSUMER_GROUP,
            "client.id": s.worker_id,
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            "session.timeout.ms": 10000,
            "heartbeat.interval.ms": 1000,
            "max.poll.interval.ms": 600000,
            # The topic may not exist yet when the worker starts: look again soon.
            "topic.metadata.refresh.interval.ms": 2000,
        })
        self.producer = Producer({"bootstrap.servers": s.brokers, "client.id": s.worker_id, "acks": "all", "enable.idempotence": True})
        self.s3 = boto3.client(
            "s3",
            endpoint_url=s.s3_endpoint,
            region_name=s.s3_region,
            aws_access_key_id=s.s3_key_id,
            aws_secret_access_key=s.s3_secret,
            config=BotoConfig(
                s3={"addressing_style": "path" if s.s3_path_style else "auto"},
                request_checksum_calculation="when_required",
                response_checksum_validation="when_required",
            ),
        )

    # --- Kafka ----------------------------------------------------------------------------------
    def publish(self, topic, key, value, headers):
        errors = []
        self.producer.produce(topic, key=key.encode("utf-8"), value=value,
                              headers=[(name, text.encode("utf-8")) for name, text in headers.items()],
                              on_delivery=lambda error, _message: error and errors.append(error))
        self.producer.flush(30)
        if errors or len(self.producer) > 0:
            raise RuntimeError(f"could not publish to {topic}: {errors or 'not acknowledged in 30 s'}")

    def run(self):
        s = self.settings
        topic = s.prefix + REQUESTS_TOPIC
        self.consumer.subscribe([topic], on_assign=lambda _c, parts: log("partitions assigned", topic=topic, partitions=[p.partition for p in parts]))
        log("Python render worker started", workerId=s.worker_id, group=s.prefix + CONSUMER_GROUP, topic=topic)
        while not self.stopping:
            message = self.consumer.poll(0.5)
            if message is None:
                continue
            if message.error():
                if message.error().code() not in (KafkaError._PARTITION_EOF, KafkaError.UNKNOWN_TOPIC_OR_PART):
                    log("consumer error", error=str(message.error()))
                continue
            if not self.handle(message):
                break  # an interrupted render stays uncommitted: another worker takes it up
            self.consumer.commit(message=message, asynchronous=False)
        self.consumer.close()  # leaves the group at once, so the partitions move on
        self.producer.flush(10)
        log("Python render worker stopped", workerId=s.worker_id)

    def handle(self, message):
        """True once the message is handled (rendered, failed or dead-lettered); False if interrupted."""
        headers = headers_of(message)
        try:
            request = read_request(message.value(), headers)
        except Unreadable as error:
            self.dead_letter(message, headers, f"unreadable: {error}")
            return True
        trace = {name: headers[name] for name in ("correlationId", "causationId") if headers.get(name)}
        for attempt in range(1, self.settings.max_attempts + 1):
            last = {"status": "none"}
            try:
                self.render(request, trace, attempt, last)
                return True
            except Exception as error:  # any failure: retry, then report `failed`
                if self.stopping:
                    return False
                log("render attempt failed", videoId=request["videoId"], attempt=attempt, error=str(error))
                if attempt == self.settings.max_attempts:
                    reason = f"The Python worker failed after {attempt} attempts, last at stage {last['status']}: {error}"
                    self.status(request, trace, attempt, "failed", reason=reason[:500])
                    return True
                time.sleep(self.settings.backoff_seconds * 2 ** (attempt - 1))

    def dead_letter(self, message, headers, reason):
        """The contract's dead letter: original bytes, key and headers, and why, where and when."""
        log("message dead-lettered", partition=message.partition(), offset=message.offset(), reason=reason)
        dlq_headers = {
            **headers,
            "dlq-reason": reason,
            "dlq-group": self.settings.prefix + CONSUMER_GROUP,
            "dlq-at": now_iso(),
            "dlq-topic": message.topic(),
            "dlq-partition": str(message.partition()),
            "dlq-offset": str(message.offset()),
            "dlq-redeliveries": "0",
        }
        key = (message.key() or b"").decode("utf-8", "replace")
        self.publish(message.topic() + DLQ_SUFFIX, key, message.value() or b"", dlq_headers)

    def status(self, request, trace, attempt, status, **extra):
        value = {"videoId": request["videoId"], "status": status, "at": now_iso(), "workerId": self.settings.worker_id, "attempt": attempt}
        if request.get("version", 1) > 1:
            value["version"] = request["version"]  # a re-render's statuses name its version
        value.update(extra)
        headers = {**trace, "messageId": str(uuid.uuid4()), "workerId": self.settings.worker_id, "schemaVersion": str(SCHEMA_VERSION)}
        self.publish(self.settings.prefix + STATUS_TOPIC, request["videoId"], json.dumps(value).encode("utf-8"), headers)

    # --- The render -----------------------------------------------------------------------------
    def ffmpeg(self, *args):
        run = subprocess.run([self.settings.ffmpeg, "-v", "error", "-y", *args], capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"ffmpeg failed: {run.stderr.strip()[-300:]}")

    def render(self, request, trace, attempt, last):
        s = self.settings
        video_id = request["videoId"]
        started = time.monotonic()
        log("render started", videoId=video_id, attempt=attempt)

        def reach(status, **extra):
            if self.stopping:
                raise RuntimeError("stopping")
            self.status(request, trace, attempt, status, **extra)
            last["status"] = status

        work = tempfile.mkdtemp(prefix=f"python-worker-{video_id}-", dir=s.work_dir)
        try:
            reach("start")
            script = script_for(request)
            reach("script", script=script)

            width, height = FRAME_SIZES[request["aspectRatio"]]
            cards = [line for line in script["narrationScript"] if line.strip()][:MAX_CARDS] or [script["title"] or " "]
            seconds = min(len(cards) * CARD_SECONDS, float(request["duration"]))
            per_card = seconds / len(cards)

            audio = os.path.join(work, "audio.wav")
            self.ffmpeg("-f", "lavfi", "-i", f"sine=frequency=220:sample_rate=48000:duration={seconds}", "-af", "volume=0.05", audio)
            reach("audio", script=script)

            pictures = []
            for index, line in enumerate(cards):
                picture = os.path.join(work, f"card-{index}.png")
                drawn = ""
                if os.path.exists(s.font):
                    text = os.path.join(work, f"card-{index}.txt")
                    with open(text, "w", encoding="utf-8") as out:
                        out.write(textwrap.fill(line, width=max(12, width // 48)))
                    drawn = (f",drawtext=fontfile={s.font}:textfile={text}:fontcolor=white:fontsize={width // 18}"
                             f":line_spacing={width // 60}:x=(w-text_w)/2:y=(h-text_h)/2")
                colour = CARD_COLOURS[index % len(CARD_COLOURS)]
                self.ffmpeg("-f", "lavfi", "-i", f"color=c={colour}:s={width}x{height}", "-vf", f"format=rgb24{drawn}", "-frames:v", "1", picture)
                pictures.append(picture)
            reach("images", script=script)

            video = os.path.join(work, "video.mp4")
            inputs = []
            for picture in pictures:
                inputs += ["-loop", "1", "-framerate", str(FPS), "-t", f"{per_card:.3f}", "-i", picture]
            joined = "".join(f"[{i}:v]" for i in range(len(pictures)))
            self.ffmpeg(*inputs, "-i", audio,
                        "-filter_complex", f"{joined}concat=n={len(pictures)}:v=1:a=0,fps={FPS},format=yuv420p[v]",
                        "-map", "[v]", "-map", f"{len(pictures)}:a",
                        "-c:v", "libx264", "-preset", s.preset, "-crf", "28", "-r", str(FPS),
                        "-c:a", "aac", "-b:a", "96k", "-shortest", "-movflags", "+faststart", video)
            thumbnail = os.path.join(work, "thumbnail.jpg")
            self.ffmpeg("-ss", "0.5", "-i", video, "-frames:v", "1", "-vf", f"scale={min(720, width)}:-2", "-q:v", "4", thumbnail)
            duration = self.probe_duration(video)
            reach("video", script=script)

            version = request.get("version", 1)
            folder = f"videos/{request['userId']}/{video_id}" + (f"/v{version}" if version > 1 else "")
            keys = {"video": f"{folder}/video.mp4", "thumbnail": f"{folder}/thumbnail.jpg"}
            reach("uploading", script=script)
            self.upload(thumbnail, keys["thumbnail"], "image/jpeg")
            self.upload(video, keys["video"], "video/mp4")
            media = {
                "videoKey": keys["video"],
                "thumbnailKey": keys["thumbnail"],
                "durationSeconds": duration,
                "width": width,
                "height": height,
                "sizeBytes": os.path.getsize(video),
            }
            reach("done", script=script, media=media)
            log("render done", videoId=video_id, attempt=attempt, seconds=round(time.monotonic() - started, 2), bytes=media["sizeBytes"])
        finally:
            shutil.rmtree(work, ignore_errors=True)

    def probe_duration(self, path):
        run = subprocess.run([self.settings.ffprobe, "-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", path],
                             capture_output=True, text=True, check=True)
        return round(float(run.stdout.strip()), 3)

    def upload(self, path, key, content_type):
        with open(path, "rb") as body:
            self.s3.put_object(Bucket=self.settings.bucket, Key=self.settings.s3_prefix + key, Body=body, ContentType=content_type)


def main():
    worker = Worker(Settings(os.environ))

    def stop(signum, _frame):
        log("stopping", signal=signal.Signals(signum).name)
        worker.stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    worker.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
