#!/usr/bin/env bash
# `npm start`: set up if needed, build the services when their sources changed, then run the whole
# product in one process on the embedded defaults (no keys, no servers) at http://localhost:${PORT:-3000}.
# Production runs the built JavaScript (`npm run dev` runs the sources through tsx).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash infra/scripts/setup.sh
node infra/scripts/build-services.mjs
exec node --conditions=compiled --enable-source-maps gateway/dist/main.js
