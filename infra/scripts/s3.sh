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
# shellcheck source=lib/python-venv.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/python-venv.sh"

install() {
  [ -x "$BIN" ] || rm -f "$STAMP"
  pip_install_once "$VENV" "$STAMP" "$VERSION" "moto[s3,server]==$VERSION"
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
