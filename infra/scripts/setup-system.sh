#!/usr/bin/env bash
# Installs the Debian packages the product and its tests need (idempotent: checks first).
#   ffmpeg, espeak-ng (+ dev headers for exact word timings), fonts for captions,
#   chromium for browser tests, postgresql for the event-store contract suite.
set -euo pipefail
want=(ffmpeg espeak-ng libespeak-ng-dev fonts-dejavu-core fonts-noto-core chromium postgresql sox)
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "setup-system: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
