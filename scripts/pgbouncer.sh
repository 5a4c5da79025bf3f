#!/usr/bin/env bash
# Starts a throwaway PgBouncer in transaction mode in front of a PostgreSQL server, and prints the URL to use:
#   DATABASE_URL="$(scripts/pgbouncer.sh DIR PORT postgres://postgres@127.0.0.1:5433/salon_test)"
#   scripts/pgbouncer.sh stop DIR
# The bench's and the deployment test's several processes go through it, as deploy/pgbouncer/ describes for
# production: each process keeps a small pool of client connections, PgBouncer a few server connections for all.
# Trust authentication towards the throwaway cluster (pg-test-server.sh); Debian's package is installed when missing.
# PGBOUNCER_POOL (20): server connections per database and user. Everything but the URL goes to stderr.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

as_pg() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; else "$@"; fi
}

if [ "${1:-}" = "stop" ]; then
  dir=$2
  if [ -f "$dir/pgbouncer.pid" ]; then
    pid=$(cat "$dir/pgbouncer.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$dir"
  exit 0
fi

dir=$1 port=$2 upstream=$3
"$here/ensure-apt.sh" /usr/sbin/pgbouncer pgbouncer >&2
# postgres://user@host:port/db: PgBouncer connects to the same host and port for every database (`*`).
if [[ ! "$upstream" =~ ^postgres(ql)?://([^@/:]+)@([^:/]+):([0-9]+)/([^?]+)$ ]]; then
  echo "pgbouncer.sh: expected postgres://user@host:port/db (trust auth), got $upstream" >&2
  exit 1
fi
user=${BASH_REMATCH[2]} host=${BASH_REMATCH[3]} upstream_port=${BASH_REMATCH[4]} db=${BASH_REMATCH[5]}
mkdir -p "$dir"
printf '"%s" ""\n' "$user" >"$dir/userlist.txt"
# `options` (a search_path given at connection) is refused, not ignored: ignored, queries would reach another schema.
cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=$host port=$upstream_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
default_pool_size = ${PGBOUNCER_POOL:-20}
max_client_conn = 2000
server_reset_query =
# As the server's own wait for a pooled connection (db/connect.ts): with PostgreSQL away, a query fails after 5 s
# (ready answers 503) instead of waiting 2 minutes; a login that failed is tried again after 1 s, not 15.
query_wait_timeout = 5
server_login_retry = 1
ignore_startup_parameters = extra_float_digits
pidfile = $dir/pgbouncer.pid
logfile = $dir/pgbouncer.log
EOF
if [ "$(id -u)" = "0" ]; then chown -R postgres "$dir"; fi
as_pg /usr/sbin/pgbouncer -d -q "$dir/pgbouncer.ini" >&2
for _ in $(seq 1 50); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "postgres://$user@127.0.0.1:$port/$db"
    exit 0
  fi
  sleep 0.1
done
echo "pgbouncer.sh: PgBouncer did not listen on $port:" >&2
cat "$dir/pgbouncer.log" >&2 || true
exit 1
