#!/usr/bin/env bash
# Starts (or reuses) a throwaway PostgreSQL cluster for the server tests and prints the URL to use:
#   export TEST_DATABASE_URL="$(scripts/pg-test-server.sh)"
# The cluster lives in /tmp (PG_TEST_DIR), listens on 127.0.0.1:PG_TEST_PORT (5433) with trust auth,
# and is meant to be thrown away: `scripts/pg-test-server.sh stop` stops it and deletes its folder; `restart` restarts
# it (fast mode: every client is disconnected); `halt` stops it and keeps it (started again without arguments).
# Everything but the URL goes to stderr, so the output can be captured.
set -euo pipefail

PORT="${PG_TEST_PORT:-5433}"
DIR="${PG_TEST_DIR:-/tmp/salon-pg-test}"
DB="${PG_TEST_DB:-salon_test}"
URL="postgres://postgres@127.0.0.1:${PORT}/${DB}"
# A throwaway cluster does not wait for the disk: no fsync on commit (PG_TEST_DURABLE=1 keeps PostgreSQL's defaults).
# A clean stop or restart still writes everything; only the machine's own crash could lose data here.
DURABILITY="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
if [ "${PG_TEST_DURABLE:-}" = "1" ]; then DURABILITY=""; fi

log() { echo "pg-test-server: $*" >&2; }

# Runs a command as the postgres user when we are root (initdb refuses to run as root).
as_pg() {
  if [ "$(id -u)" = "0" ]; then
    su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
  else
    "$@"
  fi
}

find_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

BIN="$(find_bin || true)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  log "initdb not found, installing postgresql with apt-get"
  if [ "$(id -u)" != "0" ]; then log "need root to install postgresql"; exit 1; fi
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  BIN="$(find_bin)"
fi

if [ "${1:-}" = "restart" ]; then
  # A fast restart (clients are disconnected, as when a real server restarts): the restart drills. The server's output
  # goes to its log as at the start: otherwise the new server would hold this script's stdout open (a caller reading
  # the URL would wait for the server to exit).
  as_pg "$BIN/pg_ctl" -D "$DIR" -m fast -w -l "$DIR/log" restart >&2
  echo "$URL"
  exit 0
fi

if [ "${1:-}" = "halt" ]; then
  # Stopped but kept (an outage): running this script again without arguments starts it on the same data.
  as_pg "$BIN/pg_ctl" -D "$DIR" -m fast -w stop >&2
  exit 0
fi

if [ "${1:-}" = "stop" ]; then
  if [ -f "$DIR/PG_VERSION" ]; then as_pg "$BIN/pg_ctl" -D "$DIR" -m fast -w stop >&2 || true; fi
  rm -rf "$DIR"
  log "stopped and removed $DIR"
  exit 0
fi

if [ ! -f "$DIR/PG_VERSION" ]; then
  log "creating cluster in $DIR"
  mkdir -p "$DIR"
  if [ "$(id -u)" = "0" ]; then chown postgres "$DIR"; fi
  as_pg "$BIN/initdb" -D "$DIR" -A trust -U postgres --no-sync >&2
fi

if as_pg "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
  log "already running on port $PORT"
else
  log "starting on 127.0.0.1:$PORT"
  as_pg "$BIN/pg_ctl" -D "$DIR" -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 $DURABILITY" -l "$DIR/log" -w start >&2
fi

if ! as_pg "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
  as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
  log "created database $DB"
fi

echo "$URL"
