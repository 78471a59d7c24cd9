#!/usr/bin/env bash
# One-time (idempotent) set-up for a fresh machine: Debian packages, npm dependencies,
# the native narration helper, and the web build. Quick when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash infra/scripts/setup-system.sh

# node-gyp must use the installed Node headers: there is no network to fetch them.
export npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")"
# onnxruntime-node (neural narration) ships its CPU runtime in the package; its postinstall would
# fetch CUDA binaries from nuget.org, which is neither reachable here nor needed.
export ONNXRUNTIME_NODE_INSTALL=skip
# `npm install`, not `npm ci`: the lockfile lacks other platforms' optional binaries that the registry
# no longer serves, which `npm ci` refuses (machine notes).
if [ ! -d node_modules/better-sqlite3/build ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
  # In CI the lockfile must install exactly what was committed (other platforms' optional entries aside).
  if [ -n "${CI:-}" ] && ! git diff --quiet -- package-lock.json; then
    node infra/scripts/lib/lockfile-drift.mjs
    git checkout -- package-lock.json && touch node_modules/.package-lock.json
  fi
fi

if [ -f infra/scripts/build-native.sh ]; then bash infra/scripts/build-native.sh; fi

if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/index.html web/vite.config.ts web/build web/scripts web/public domain/src -newer web/dist/index.html -print -quit 2>/dev/null)" ]; then
  npm run build -w web
fi
