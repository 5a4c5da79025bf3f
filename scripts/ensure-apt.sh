#!/usr/bin/env bash
# Installs Debian packages the tests need when a program is missing (needs root):
#   scripts/ensure-apt.sh /usr/bin/chromium chromium fonts-dejavu-core
#   scripts/ensure-apt.sh /usr/bin/redis-server redis-server
#   scripts/ensure-apt.sh /usr/share/php/Twig/autoload.php php-twig     (a file the package installs will do too)
set -euo pipefail
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
echo "$program installed"
