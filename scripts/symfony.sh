#!/usr/bin/env bash
# `npm run symfony`: the Symfony host of hosts/symfony (PHP's built-in server) behind nginx, one origin for the
# browser at http://127.0.0.1:${SYMFONY_PORT:-8090}: the Symfony pages, and the salon's /api, /spa, /socket.io,
# /room, /chat/file, /media sent to the salon at ${SALON_URL:-http://127.0.0.1:8080} (`npm start`).
# Installs php-cli, the Symfony and Twig packages and nginx with apt when missing (as root).
#
#   SYMFONY_PORT       where nginx listens (default 8090)
#   SYMFONY_PHP_PORT   where PHP's built-in server listens, behind nginx (default SYMFONY_PORT + 1)
#   SALON_URL          the salon server (default http://127.0.0.1:8080)
#   SALON_HOST_SECRET  the secret shared with the salon (default: data/host-secret, which `npm start` writes)
#   SYMFONY_RUN_DIR    nginx's prefix, pid, logs and temp files, and Symfony's cache and sessions (default data/symfony-host)
#
# nginx runs as a child of this script (not a daemon), with its own prefix, so it never meets a system nginx.
# Ctrl-C (or SIGTERM) stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

# What the host needs from Debian, installed in one apt run (one `apt-get update`) when any piece is missing.
for needed in /usr/bin/php /usr/share/php/Symfony/Bundle/FrameworkBundle/autoload.php /usr/share/php/Symfony/Bundle/TwigBundle/autoload.php /usr/share/php/Twig/autoload.php /usr/sbin/nginx; do
  if [ ! -e "$needed" ]; then
    bash scripts/ensure-apt.sh "$needed" php-cli php-symfony-framework-bundle php-symfony-twig-bundle php-twig nginx-light
    break
  fi
done
# `scripts/symfony.sh --install-only`: that, and nothing else (npm test's step before the browser tests).
if [ "${1:-}" = --install-only ]; then exit 0; fi

SYMFONY_PORT=${SYMFONY_PORT:-8090}
SYMFONY_PHP_PORT=${SYMFONY_PHP_PORT:-$((SYMFONY_PORT + 1))}
SALON_URL=${SALON_URL:-http://127.0.0.1:8080}
SALON_URL=${SALON_URL%/}
RUN_DIR=${SYMFONY_RUN_DIR:-$ROOT/data/symfony-host}

if [ -z "${SALON_HOST_SECRET:-}" ]; then
  if [ -s data/host-secret ]; then
    SALON_HOST_SECRET=$(cat data/host-secret)
  else
    echo "SALON_HOST_SECRET is not set and data/host-secret does not exist: start the salon first (npm start writes it)," >&2
    echo "or give both servers the same SALON_HOST_SECRET (e.g. \$(openssl rand -hex 32))." >&2
    exit 1
  fi
fi

# The salon's host:port for nginx (proxy_pass http://host:port).
salon_upstream=${SALON_URL#http://}
salon_upstream=${salon_upstream%%/*}
case "$SALON_URL" in http://*) ;; *) echo "SALON_URL must be http://host:port (got $SALON_URL)" >&2; exit 1 ;; esac

# Symfony's compiled container and templates are rebuilt on each start (the sources may have changed).
rm -rf "$RUN_DIR/var/cache"
mkdir -p "$RUN_DIR/tmp" "$RUN_DIR/var/sessions"
rm -f "$RUN_DIR/nginx.pid"
sed -e "s#@LISTEN@#127.0.0.1:$SYMFONY_PORT#" -e "s#@PHP_UPSTREAM@#127.0.0.1:$SYMFONY_PHP_PORT#" -e "s#@SALON_UPSTREAM@#$salon_upstream#" \
  hosts/symfony/nginx/salon.conf > "$RUN_DIR/salon.conf"
cat > "$RUN_DIR/nginx.conf" <<CONF
worker_processes 1;
pid $RUN_DIR/nginx.pid;
error_log $RUN_DIR/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path $RUN_DIR/tmp/body;
    proxy_temp_path $RUN_DIR/tmp/proxy;
    fastcgi_temp_path $RUN_DIR/tmp/fastcgi;
    uwsgi_temp_path $RUN_DIR/tmp/uwsgi;
    scgi_temp_path $RUN_DIR/tmp/scgi;
    include $RUN_DIR/salon.conf;
}
CONF
# As root, nginx's workers run as nobody: they write its temp files.
if [ "$(id -u)" = 0 ]; then chown -R nobody "$RUN_DIR/tmp"; fi

php_pid=''
nginx_pid=''
cleanup() {
  trap - EXIT INT TERM
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
  if [ -n "$php_pid" ]; then
    pkill -TERM -P "$php_pid" 2>/dev/null || true
    kill "$php_pid" 2>/dev/null || true
  fi
  wait 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

APP_SECRET=${APP_SECRET:-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')}
SYMFONY_VAR_DIR="$RUN_DIR/var" SALON_URL="$SALON_URL" SALON_HOST_SECRET="$SALON_HOST_SECRET" APP_SECRET="$APP_SECRET" \
  TRUST_PROXY=1 PHP_CLI_SERVER_WORKERS=${PHP_CLI_SERVER_WORKERS:-4} \
  php -S "127.0.0.1:$SYMFONY_PHP_PORT" -t hosts/symfony/public hosts/symfony/public/index.php >> "$RUN_DIR/php.log" 2>&1 &
php_pid=$!
/usr/sbin/nginx -p "$RUN_DIR" -c "$RUN_DIR/nginx.conf" -e "$RUN_DIR/error.log" -g 'daemon off;' &
nginx_pid=$!

# Ready when nginx answers with the Symfony home page.
for _ in $(seq 1 100); do
  if php -r 'exit(@file_get_contents($argv[1]) === false ? 1 : 0);' "http://127.0.0.1:$SYMFONY_PORT/" 2>/dev/null; then break; fi
  if ! kill -0 "$php_pid" 2>/dev/null || ! kill -0 "$nginx_pid" 2>/dev/null; then
    echo "The Symfony host did not start:" >&2
    tail -n 20 "$RUN_DIR/php.log" "$RUN_DIR/error.log" >&2 || true
    exit 1
  fi
  sleep 0.1
done
if ! php -r 'exit(@file_get_contents($argv[1]) === false ? 1 : 0);' "$SALON_URL/api/langs" 2>/dev/null; then
  echo "Warning: the salon does not answer at $SALON_URL (start it with npm start)." >&2
fi

echo "Symfony host: http://127.0.0.1:$SYMFONY_PORT (log in at /login, the fair at /salon; the salon at $SALON_URL)"
echo "Accounts: visiteur@, visiteur2@, exposant@, exposant2@, organisateur@, admin@salon.test, password salon-demo"
wait -n "$php_pid" "$nginx_pid"
