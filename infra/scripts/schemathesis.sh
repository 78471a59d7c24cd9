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
log() { echo "schemathesis: $*" >&2; }

# shellcheck source=lib/python-venv.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/python-venv.sh"
[ -x "$BIN" ] || rm -f "$STAMP"
pip_install_once "$VENV" "$STAMP" "$VERSION" "schemathesis==$VERSION"
echo "SCHEMATHESIS=$BIN"
