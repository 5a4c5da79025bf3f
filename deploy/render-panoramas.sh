#!/usr/bin/env bash
# Draws every panorama image the room needs into PANORAMA_DIR, once per deploy, before the processes restart; they run
# with PANORAMA_PRERENDER=0 (deploy/systemd/salon@.service), so none draws them at start beside live traffic.
#   sudo -u salon deploy/render-panoramas.sh [/etc/salon/salon.env]
# Reads the same environment as the processes (DATABASE_URL, UPLOAD_DIR, PANORAMA_DIR); needs `npm run build` first
# and Debian's fonts-dejavu-core (the signs' font). Logs one JSON line: how many files it drew, how many there are.
set -euo pipefail
cd "$(dirname "$0")/.."
env_file=${1:-/etc/salon/salon.env}
if [ -f "$env_file" ]; then
  set -a
  # shellcheck disable=SC1090
  source "$env_file"
  set +a
fi
exec bash scripts/compiled.sh render-panoramas
