#!/usr/bin/env bash
# Makes sure a local PostgreSQL is installed and running, with a role and database for tests.
# Idempotent and quick when everything is already there (checks first, then acts).
#
#   bash infra/scripts/postgres.sh          # install if missing, start, create role/db, print URL
#   bash infra/scripts/postgres.sh stop     # stop the cluster
#   bash infra/scripts/postgres.sh url      # only print the URL
#
# Environment (optional): PG_USER (studio), PG_PASSWORD (studio), PG_DB (studio_test), PG_PORT (5432).
# Uses Debian's cluster tooling (pg_ctlcluster); postgres refuses to run as root, so the
# postgres OS user runs every server-side command.
set -euo pipefail

PG_USER="${PG_USER:-studio}"
PG_PASSWORD="${PG_PASSWORD:-studio}"
PG_DB="${PG_DB:-studio_test}"
PG_PORT="${PG_PORT:-5432}"
URL="postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${PG_PORT}/${PG_DB}"

log() { echo "postgres.sh: $*" >&2; }

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

as_postgres() {
  if [ "$(id -un)" = "postgres" ]; then "$@";
  elif command -v runuser >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@";
  else $SUDO -u postgres "$@"; fi
}

pg_version() {
  # Highest installed major version (e.g. 15).
  ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1
}

ensure_installed() {
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -n "$(pg_version)" ]; then return 0; fi
  log "installing postgresql (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends postgresql >/dev/null
}

ensure_cluster() {
  local v="$1"
  if ! pg_lsclusters -h 2>/dev/null | awk -v v="$v" '$1==v && $2=="main"' | grep -q .; then
    log "creating cluster $v/main on port $PG_PORT"
    $SUDO pg_createcluster "$v" main --port="$PG_PORT" >/dev/null
  fi
}

cluster_online() {
  pg_lsclusters -h 2>/dev/null | awk -v v="$1" '$1==v && $2=="main" {print $4}' | grep -q '^online'
}

start_cluster() {
  local v="$1"
  if cluster_online "$v"; then return 0; fi
  log "starting cluster $v/main"
  $SUDO pg_ctlcluster "$v" main start
  for _ in $(seq 1 50); do
    if as_postgres pg_isready -q -h 127.0.0.1 -p "$PG_PORT"; then return 0; fi
    sleep 0.2
  done
  log "cluster did not become ready; see /var/log/postgresql/postgresql-$v-main.log"
  exit 1
}

psql_admin() {
  as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$PG_PORT" -d postgres -tA "$@"
}

ensure_role_and_db() {
  if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '${PG_USER}'")" != "1" ]; then
    log "creating role ${PG_USER}"
    psql_admin -c "CREATE ROLE \"${PG_USER}\" LOGIN PASSWORD '${PG_PASSWORD}' CREATEDB"
  fi
  if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '${PG_DB}'")" != "1" ]; then
    log "creating database ${PG_DB}"
    psql_admin -c "CREATE DATABASE \"${PG_DB}\" OWNER \"${PG_USER}\""
  fi
}

case "${1:-start}" in
  stop)
    v="$(pg_version)"
    if [ -n "$v" ] && cluster_online "$v"; then
      $SUDO pg_ctlcluster "$v" main stop
      log "stopped cluster $v/main"
    fi
    ;;
  url)
    echo "POSTGRES_URL=${URL}"
    ;;
  start)
    ensure_installed
    v="$(pg_version)"
    ensure_cluster "$v"
    start_cluster "$v"
    ensure_role_and_db
    echo "POSTGRES_URL=${URL}"
    ;;
  *)
    echo "usage: $0 [start|stop|url]" >&2
    exit 2
    ;;
esac
