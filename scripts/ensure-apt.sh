#!/usr/bin/env bash
# Installs Debian packages when a program (or a file a package installs) is missing (needs root):
#   scripts/ensure-apt.sh /usr/bin/chromium chromium fonts-dejavu-core
#   scripts/ensure-apt.sh /usr/bin/redis-server redis-server
#   scripts/ensure-apt.sh /usr/share/php/Twig/autoload.php php-twig     (a file the package installs will do too)
#   scripts/ensure-apt.sh --test-packages     everything `npm test` needs, in one apt run (one `apt-get update`)
set -euo pipefail
if [ "${1:-}" = --test-packages ]; then
  # file that shows the package is there → the packages that bring it
  needs=(
    "/usr/bin/chromium chromium"
    "/usr/bin/chromium-headless-shell chromium-headless-shell"
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf fonts-dejavu-core"
    "/usr/bin/redis-server redis-server"
    "/usr/bin/php php-cli"
    "/usr/share/php/Symfony/Bundle/FrameworkBundle/autoload.php php-symfony-framework-bundle"
    "/usr/share/php/Symfony/Bundle/TwigBundle/autoload.php php-symfony-twig-bundle"
    "/usr/share/php/Twig/autoload.php php-twig"
    "/usr/sbin/nginx nginx-light"
    "/usr/lib/postgresql postgresql"
    "/usr/sbin/pgbouncer pgbouncer"
  )
  missing=()
  for need in "${needs[@]}"; do
    read -r file package <<<"$need"
    [ -e "$file" ] || missing+=("$package")
  done
  if [ ${#missing[@]} = 0 ]; then echo "every package the tests need is installed"; exit 0; fi
  exec "$0" /nonexistent "${missing[@]}"
fi
program=$1; shift
if [ -x "$program" ] || [ -f "$program" ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "$program is missing: run 'apt-get install -y $*' as root." >&2
  exit 1
fi
echo "Installing $* …"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "$@" >/dev/null
echo "installed: $*"
