#!/usr/bin/env bash
# Draws every panorama image the room needs into PANORAMA_DIR, once per deploy, before the processes restart; they run
# with PANORAMA_PRERENDER=0 (deploy/systemd/salon@.service), so none draws them at start beside live traffic.
#   sudo -u salon deploy/render-panoramas.sh [/etc/salon/salon.env]
# Reads the same environment file as the processes (DATABASE_URL, UPLOAD_DIR, PANORAMA_DIR): the user running it must
# be able to read it and to write PANORAMA_DIR (docs/operating.md, "First run", steps 2 and 4). Needs `npm run build`
# first and Debian's fonts-dejavu-core (the signs' font). Logs one JSON line: how many files it drew, how many there
# are. Refuses (exit 1, on stderr) an environment file it cannot read, no PANORAMA_DIR, or a folder it cannot write.
set -euo pipefail
cd "$(dirname "$0")/.."
env_file=${1:-/etc/salon/salon.env}
refuse() {
  echo "deploy/render-panoramas.sh: $1" >&2
  exit 1
}
[ -f "$env_file" ] || refuse "$env_file does not exist: pass the processes' environment file (deploy/render-panoramas.sh /etc/salon/salon.env)."
[ -r "$env_file" ] ||
  refuse "$env_file is not readable by $(id -un): install it with group salon and mode 640 (docs/operating.md, \"First run\", step 4), and run this as salon."
set -a
# shellcheck disable=SC1090
source "$env_file"
set +a
[ -n "${PANORAMA_DIR:-}" ] || refuse "PANORAMA_DIR is not set in $env_file: the folder every process serves the panoramas from."
mkdir -p "$PANORAMA_DIR" 2>/dev/null && [ -w "$PANORAMA_DIR" ] ||
  refuse "$(id -un) cannot write $PANORAMA_DIR: create its parent for salon first (install -d -o salon -g salon -m 750 /var/lib/salon, docs/operating.md, \"First run\", step 2)."
exec bash scripts/compiled.sh render-panoramas
