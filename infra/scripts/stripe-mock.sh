#!/usr/bin/env bash
# Installs stripe-mock (Stripe's official API mock, stateless fixtures) from the Go module proxy
# into .infra/bin and runs it on 127.0.0.1:12111 for the Stripe adapter's tests (STRIPE_MOCK_URL).
# Idempotent: quick when already installed and running.
#   infra/scripts/stripe-mock.sh         install if needed, start if needed, print STRIPE_MOCK_URL=...
#   infra/scripts/stripe-mock.sh stop    stop the server started by this script
set -euo pipefail

VERSION="v0.203.0"
MODULE="github.com/stripe/stripe-mock"
HOST="127.0.0.1"
PORT="${STRIPE_MOCK_PORT:-12111}"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN_DIR="$ROOT/.infra/bin"
BIN="$BIN_DIR/stripe-mock"
STAMP="$BIN_DIR/stripe-mock.version"
BASE="$ROOT/.infra/stripe-mock"
PID_FILE="$BASE/stripe-mock.pid"
LOG_FILE="$BASE/stripe-mock.log"
GO="${GO:-/usr/local/go/bin/go}"
[ -x "$GO" ] || GO="$(command -v go)"
export GOTOOLCHAIN=local

NAME=stripe-mock
STOP_WAIT_TENTHS=50
# shellcheck source=lib/daemon.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/daemon.sh"

install() {
  if [ -x "$BIN" ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$VERSION" ]; then return 0; fi
  log "installing $MODULE@$VERSION (about a minute the first time)"
  mkdir -p "$BIN_DIR"
  GOBIN="$BIN_DIR" "$GO" install "$MODULE@$VERSION"
  echo "$VERSION" > "$STAMP"
}

start() {
  mkdir -p "$BASE"
  if running_pid >/dev/null || port_open; then
    echo "STRIPE_MOCK_URL=http://$HOST:$PORT"
    return 0
  fi
  launch 100 "STRIPE_MOCK_URL=http://$HOST:$PORT" "$BIN" -http-addr "$HOST:$PORT" -https-addr "$HOST:"
}

case "${1:-start}" in
  stop) stop ;;
  start) install; start ;;
  *) echo "usage: $0 [start|stop]" >&2; exit 2 ;;
esac
