#!/usr/bin/env bash
# Builds FerretDB v1.24.2 (a MongoDB-compatible server over SQLite) from the Go module proxy
# and runs it on 127.0.0.1:27017 for the DocumentStore contract suite (MONGO_URL).
# Idempotent: quick when already built and running.
#   infra/scripts/ferretdb.sh         build if needed, start if needed, print MONGO_URL=...
#   infra/scripts/ferretdb.sh stop    stop the server started by this script
set -euo pipefail

VERSION="v1.24.2"
MODULE="github.com/FerretDB/FerretDB"
HOST="127.0.0.1"
PORT="${FERRETDB_PORT:-27017}"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BASE="$ROOT/.infra/ferretdb"
SRC="$BASE/src"
BIN="$BASE/bin/ferretdb"
DATA="$BASE/data"
PID_FILE="$BASE/ferretdb.pid"
LOG_FILE="$BASE/ferretdb.log"
GO="${GO:-/usr/local/go/bin/go}"
[ -x "$GO" ] || GO="$(command -v go)"
export GOTOOLCHAIN=local
export GOFLAGS="${GOFLAGS:-} -mod=mod"

NAME=ferretdb
STOP_WAIT_TENTHS=100
# shellcheck source=lib/daemon.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/daemon.sh"

build() {
  if [ -x "$BIN" ] && "$BIN" --version 2>/dev/null | grep -q "$VERSION"; then return 0; fi
  log "building $MODULE@$VERSION (takes a few minutes the first time)"
  mkdir -p "$BASE/bin"
  local dir
  dir="$(cd "$BASE" && "$GO" mod download -json "$MODULE@$VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p')"
  [ -n "$dir" ] && [ -d "$dir" ] || { log "go mod download did not give a module dir"; exit 1; }
  rm -rf "$SRC"
  mkdir -p "$SRC"
  cp -R "$dir/." "$SRC/"
  chmod -R u+w "$SRC"
  mkdir -p "$SRC/build/version"
  printf '%s' "$VERSION" > "$SRC/build/version/version.txt"
  (cd "$SRC" && "$GO" build -buildvcs=false -o "$BIN" ./cmd/ferretdb)
  log "built $BIN"
}

start() {
  if running_pid >/dev/null && port_open; then
    echo "MONGO_URL=mongodb://$HOST:$PORT/"
    return 0
  fi
  if port_open; then
    log "port $PORT already in use by another process"; exit 1
  fi
  build
  mkdir -p "$DATA"
  log "starting on $HOST:$PORT (log: $LOG_FILE)"
  nohup "$BIN" --handler=sqlite --sqlite-url="file:$DATA/" --listen-addr="$HOST:$PORT" \
    --state-dir="$BASE" --telemetry=disable --log-level=warn >>"$LOG_FILE" 2>&1 </dev/null &
  echo $! > "$PID_FILE"
  for _ in $(seq 1 300); do
    if port_open; then echo "MONGO_URL=mongodb://$HOST:$PORT/"; return 0; fi
    running_pid >/dev/null || { log "exited at start; last log lines:"; tail -n 20 "$LOG_FILE" >&2; exit 1; }
    sleep 0.1
  done
  log "did not accept connections within 30 s"; tail -n 20 "$LOG_FILE" >&2; exit 1
}

case "${1:-start}" in
  start) start ;;
  build) build ;;
  stop) stop ;;
  *) echo "usage: $0 [start|build|stop]" >&2; exit 2 ;;
esac
