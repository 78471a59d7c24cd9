# Sourced by the scripts that install a tool from PyPI into a venv of its own under .infra.
#   pip_install_once VENV STAMP VERSION 'package[extras]==VERSION' [more pip arguments, e.g. -r requirements.txt]
# Installs into VENV unless STAMP already holds VERSION; needs `log` and PYTHON (python3 by default).

pip_install_once() {
  local venv="$1" stamp="$2" version="$3"
  shift 3
  if [ -d "$venv" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then return 0; fi
  log "installing $* from PyPI (about a minute the first time)"
  mkdir -p "$(dirname "$stamp")"
  PYTHON="${PYTHON:-$(command -v python3)}"
  if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then apt-get install -y -qq python3-venv >&2; PYTHON=/usr/bin/python3
    else log "needs Python's venv module (apt-get install -y python3-venv)"; exit 1; fi
  fi
  rm -rf "$venv"
  "$PYTHON" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$@" >&2
  echo "$version" > "$stamp"
}
