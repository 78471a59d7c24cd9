"""The worker's settings, from the product's own environment variable names (README.md lists them)."""
import os
import socket
import tempfile


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
        self.max_attempts = max(1, int(env.get("RENDER_MAX_ATTEMPTS", "3")))
        self.backoff_seconds = int(env.get("RENDER_BACKOFF_MS", "2000")) / 1000
        self.font = env.get("FONT_FILE", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        self.work_dir = env.get("WORK_DIR") or tempfile.gettempdir()
