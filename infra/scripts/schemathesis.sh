#!/usr/bin/env bash
# Installs schemathesis (the API fuzzer, from PyPI) into a Python venv under .infra/schemathesis and
# prints its command: SCHEMATHESIS=<path to st>. The fuzz suite (tests/fuzz) runs it against the
# embedded product. Idempotent: quick when already installed.
set -euo pipefail

VERSION="4.32.5"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BASE="$ROOT/.infra/schemathesis"
VENV="$BASE/venv"
BIN="$VENV/bin/st"
STAMP="$BASE/schemathesis.version"
PYTHON="${PYTHON:-$(command -v python3)}"
log() { echo "schemathesis: $*" >&2; }

if ! [ -x "$BIN" ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$VERSION" ]; then
  log "installing schemathesis==$VERSION from PyPI (about a minute the first time)"
  mkdir -p "$BASE"
  if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then apt-get install -y -qq python3-venv >&2; PYTHON=/usr/bin/python3
    else log "needs Python's venv module (apt-get install -y python3-venv)"; exit 1; fi
  fi
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION" >&2
  echo "$VERSION" > "$STAMP"
fi
echo "SCHEMATHESIS=$BIN"
