#!/usr/bin/env python3
"""A render worker for Faceless Studio, in Python.

Written from the product's bus contract alone (GET /api/asyncapi.json, rendered in
docs/bus-contract.md): it imports nothing from the product. It consumes `render.requests` in the
consumer group `render-workers`, reports every stage on `render.status` (keyed by the video id,
with the request's correlation and causation ids and the `schemaVersion` header), renders the
request (render.py), stores the MP4 and a JPEG thumbnail in the product's S3 media bucket under
`videos/<userId>/<videoId>/`, and reports `done` with the media.

Delivery is at least once: an offset is committed only after the request was handled (done,
failed, or dead-lettered), so a request may come again; rendering it again overwrites the same keys.

The modules: contract.py (what the contract says, and the request checked against it),
settings.py (the environment), store.py (S3), media.py (ffmpeg), render.py (one render).
"""
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import uuid
from datetime import datetime, timezone

from confluent_kafka import Consumer, KafkaError, Producer

from contract import CONSUMER_GROUP, DLQ_SUFFIX, REQUESTS_TOPIC, SCHEMA_VERSION, STATUS_TOPIC, Unreadable, read_request, trace_of
from media import Tools
from render import GiveUp, Render
from settings import Settings
from store import MediaStore


def now_iso():
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def log(message, **fields):
    print(json.dumps({"time": now_iso(), "msg": message, **fields}), flush=True)


class Stopping(Exception):
    """The worker was asked to stop mid-render: the request stays uncommitted for another worker."""


def headers_of(message):
    return {name: (value or b"").decode("utf-8", "replace") for name, value in (message.headers() or [])}


class Worker:
    def __init__(self, settings):
        self.settings = settings
        self.stopping = False
        s = settings
        self.group = s.prefix + CONSUMER_GROUP
        self.consumer = Consumer({
            "bootstrap.servers": s.brokers,
            "group.id": self.group,
            "client.id": s.worker_id,
            # The assignor the product's consumers also offer: one group for workers of both languages.
            "partition.assignment.strategy": "roundrobin",
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            "session.timeout.ms": 10000,
            "heartbeat.interval.ms": 1000,
            "max.poll.interval.ms": 600000,
            # The topic may not exist yet when the worker starts: look again soon.
            "topic.metadata.refresh.interval.ms": 2000,
        })
        self.producer = Producer({"bootstrap.servers": s.brokers, "client.id": s.worker_id, "acks": "all", "enable.idempotence": True})
        self.store = MediaStore(s)
        self.tools = Tools(s)

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
        topic = self.settings.prefix + REQUESTS_TOPIC
        self.consumer.subscribe([topic], on_assign=lambda _c, parts: log("partitions assigned", topic=topic, partitions=[p.partition for p in parts]))
        log("Python render worker started", workerId=self.settings.worker_id, group=self.group, topic=topic)
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
        log("Python render worker stopped", workerId=self.settings.worker_id)

    def handle(self, message):
        """True once the message is handled (rendered, failed or dead-lettered); False if interrupted."""
        headers = headers_of(message)
        try:
            request = read_request(message.value(), headers)
        except Unreadable as error:
            self.dead_letter(message, headers, f"unreadable: {error}")
            return True
        trace = trace_of(headers)
        attempts = self.settings.max_attempts
        for attempt in range(1, attempts + 1):
            last = {"status": "none"}
            try:
                self.render(request, trace, attempt, last)
                return True
            except Stopping:
                return False
            except GiveUp as error:
                log("render given up", videoId=request["videoId"], attempt=attempt, reason=str(error))
                self.status(request, trace, attempt, "failed", reason=str(error)[:500])
                return True
            except Exception as error:  # any other failure: retry, then report `failed`
                if self.stopping:
                    return False
                log("render attempt failed", videoId=request["videoId"], attempt=attempt, error=str(error))
                if attempt == attempts:
                    reason = f"The Python worker failed after {attempt} attempts, last at stage {last['status']}: {error}"
                    self.status(request, trace, attempt, "failed", reason=reason[:500])
                    return True
                time.sleep(self.settings.backoff_seconds * 2 ** (attempt - 1))
        return True  # not reached: the last attempt returns

    def dead_letter(self, message, headers, reason):
        """The contract's dead letter: original bytes, key and headers, and why, where and when."""
        log("message dead-lettered", partition=message.partition(), offset=message.offset(), reason=reason)
        dlq_headers = {
            **headers,
            "dlq-reason": reason,
            "dlq-group": self.group,
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

    # --- One render -----------------------------------------------------------------------------
    def render(self, request, trace, attempt, last):
        video_id = request["videoId"]
        started = time.monotonic()
        kind = "import" if request.get("import") else "made"
        log("render started", videoId=video_id, attempt=attempt, kind=kind)

        def reach(status, **fields):
            if self.stopping:
                raise Stopping()
            self.status(request, trace, attempt, status, **fields)
            last["status"] = status

        work = tempfile.mkdtemp(prefix=f"python-worker-{video_id}-", dir=self.settings.work_dir)
        try:
            media = Render(request, reach, self.store, self.tools, work, log).run()
        finally:
            shutil.rmtree(work, ignore_errors=True)
        log("render done", videoId=video_id, attempt=attempt, kind=kind, seconds=round(time.monotonic() - started, 2), bytes=media["sizeBytes"])


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
