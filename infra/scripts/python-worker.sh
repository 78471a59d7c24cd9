#!/usr/bin/env bash
# Installs the example Python render worker's dependencies (examples/python-worker/requirements.txt,
# from PyPI) into a venv under .infra/python-worker and prints its command:
# PYTHON_WORKER_VENV=<the venv>; tests/distributed/python-worker.e2e.spec.ts runs
# <the venv>/bin/python examples/python-worker/worker.py.
# Idempotent: quick when the requirements have not changed since the last install.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
EXAMPLE="$ROOT/examples/python-worker"
BASE="$ROOT/.infra/python-worker"
VENV="$BASE/venv"
STAMP="$BASE/requirements.sha256"
log() { echo "python-worker: $*" >&2; }

# shellcheck source=lib/python-venv.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/python-venv.sh"
# The requirements' digest is the "version": editing requirements.txt reinstalls.
VERSION="$(sha256sum "$EXAMPLE/requirements.txt" | cut -d' ' -f1)"
[ -x "$VENV/bin/python" ] || rm -f "$STAMP"
pip_install_once "$VENV" "$STAMP" "$VERSION" -r "$EXAMPLE/requirements.txt"
echo "PYTHON_WORKER_VENV=$VENV"
