#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (the tests drive /usr/bin/chromium
# through playwright-core; Playwright's own browser download does not work offline). Needs root.
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing: run 'apt-get install -y chromium' as root (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "Installing Debian's chromium…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
/usr/bin/chromium --version
