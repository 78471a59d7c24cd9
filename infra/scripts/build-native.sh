#!/usr/bin/env bash
# Builds the render workers' native helpers into .infra/bin/ (idempotent: rebuilds only when the
# source is newer than the binary). Needs gcc and libespeak-ng-dev (infra/scripts/setup-system.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$root/.infra/bin"
src="$root/render-workers/native/espeak-timings.c"
bin="$out/espeak-timings"
mkdir -p "$out"
if [ -x "$bin" ] && [ "$bin" -nt "$src" ]; then exit 0; fi
if ! command -v gcc >/dev/null 2>&1; then echo "build-native: gcc not found; narration falls back to per-line timing" >&2; exit 0; fi
if [ ! -f /usr/include/espeak-ng/speak_lib.h ]; then echo "build-native: libespeak-ng-dev missing; run infra/scripts/setup-system.sh" >&2; exit 0; fi
gcc -O2 -Wall -Wextra -o "$bin.tmp" "$src" -lespeak-ng
mv "$bin.tmp" "$bin"
echo "build-native: built $bin" >&2
