#!/usr/bin/env bash
# Installs pocketsphinx (CMU's speech recogniser, from PyPI; its wheel carries the en-us acoustic
# model and dictionary) into a Python venv under .infra/pocketsphinx and prints its Python:
# POCKETSPHINX_PYTHON=<path>. The narration bench (tests/bench/narration.bench.ts) force-aligns the
# neural voice's English audio with it to measure the word timings the captions use. Idempotent.
set -euo pipefail

VERSION="5.1.1"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BASE="$ROOT/.infra/pocketsphinx"
VENV="$BASE/venv"
STAMP="$BASE/pocketsphinx.version"
log() { echo "pocketsphinx: $*" >&2; }

# shellcheck source=lib/python-venv.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/python-venv.sh"
[ -x "$VENV/bin/python" ] || rm -f "$STAMP"
pip_install_once "$VENV" "$STAMP" "$VERSION" "pocketsphinx==$VERSION"
echo "POCKETSPHINX_PYTHON=$VENV/bin/python"
