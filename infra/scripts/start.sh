#!/usr/bin/env bash
# `npm start`: set up if needed, then run the whole product in one process on the embedded
# defaults (no keys, no servers) at http://localhost:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash infra/scripts/setup.sh
exec node --import tsx gateway/src/main.ts
