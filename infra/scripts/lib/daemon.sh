# Helpers for the scripts that run a background server (ferretdb.sh, kafka.sh, stripe-mock.sh).
# The sourcing script sets NAME, PID_FILE, HOST and PORT (and optionally STOP_WAIT_TENTHS).

log() { echo "$NAME: $*" >&2; }

# The pid of the server this script started, if it still runs.
running_pid() {
  if [ -f "$PID_FILE" ]; then
    local pid
    pid="$(cat "$PID_FILE")"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then echo "$pid"; return 0; fi
  fi
  return 1
}

# Whether something accepts TCP connections on HOST:PORT (or HOST:$1).
port_open() { (exec 3<>"/dev/tcp/$HOST/${1:-$PORT}") 2>/dev/null; }

# Stop the server politely, then firmly after STOP_WAIT_TENTHS tenths of a second.
stop() {
  local pid
  if pid="$(running_pid)"; then
    log "stopping pid $pid"
    kill "$pid"
    for _ in $(seq 1 "${STOP_WAIT_TENTHS:-100}"); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
  else
    log "not running"
  fi
  rm -f "$PID_FILE"
}

# Start "$@" in the background (pid in PID_FILE, output in LOG_FILE), wait up to $1 tenths of a
# second for HOST:PORT to accept connections, then print $2 (the URL line) on stdout.
launch() {
  local tenths="$1" url_line="$2"
  shift 2
  log "starting on $HOST:$PORT"
  nohup "$@" >"$LOG_FILE" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  for _ in $(seq 1 "$tenths"); do
    if port_open; then echo "$url_line"; return 0; fi
    running_pid >/dev/null || break
    sleep 0.1
  done
  log "did not start; see $LOG_FILE"
  tail -n 20 "$LOG_FILE" >&2 || true
  exit 1
}
