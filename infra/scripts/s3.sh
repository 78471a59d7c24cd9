#!/usr/bin/env bash
# Installs moto's S3 server (a faithful S3 REST emulator, from PyPI) into a Python venv under
# .infra/moto and runs it on 127.0.0.1:4569 for the S3 blob store's contract tests (S3_TEST_ENDPOINT).
# In-memory: a restart starts with no buckets (the tests create theirs). Any credentials are accepted.
# Idempotent: quick when already installed and running.
#   infra/scripts/s3.sh         install if needed, start if needed, print S3_TEST_ENDPOINT=...
#   infra/scripts/s3.sh stop    stop the server started by this script
set -euo pipefail

VERSION="5.1.22"
HOST="127.0.0.1"
PORT="${S3_TEST_PORT:-4569}"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BASE="$ROOT/.infra/moto"
VENV="$BASE/venv"
BIN="$VENV/bin/moto_server"
STAMP="$BASE/moto.version"
PID_FILE="$BASE/moto.pid"
LOG_FILE="$BASE/moto.log"
PYTHON="${PYTHON:-$(command -v python3)}"

NAME=s3
STOP_WAIT_TENTHS=50
# shellcheck source=lib/daemon.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/daemon.sh"

install() {
  if [ -x "$BIN" ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$VERSION" ]; then return 0; fi
  log "installing moto[s3,server]==$VERSION from PyPI (about a minute the first time)"
  mkdir -p "$BASE"
  if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then apt-get install -y -qq python3-venv >&2; PYTHON=/usr/bin/python3
    else log "needs Python's venv module (apt-get install -y python3-venv)"; exit 1; fi
  fi
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "moto[s3,server]==$VERSION" >&2
  echo "$VERSION" > "$STAMP"
}

start() {
  mkdir -p "$BASE"
  if running_pid >/dev/null || port_open; then
    echo "S3_TEST_ENDPOINT=http://$HOST:$PORT"
    return 0
  fi
  launch 150 "S3_TEST_ENDPOINT=http://$HOST:$PORT" "$BIN" -H "$HOST" -p "$PORT"
}

case "${1:-start}" in
  stop) stop ;;
  start) install; start ;;
  *) echo "usage: $0 [start|stop]" >&2; exit 2 ;;
esac
