#!/usr/bin/env bash
# Runs a compiled entry of dist/server (made by `npm run build`, or `npm run build:server` alone) with
# NODE_ENV=production, without building anything:
#   bash scripts/compiled.sh server                 `npm run start:production`
#   bash scripts/compiled.sh create-admin EMAIL     `npm run create-admin -- EMAIL`
#   bash scripts/compiled.sh render-panoramas       deploy/render-panoramas.sh
set -euo pipefail
cd "$(dirname "$0")/.."
entry=${1:?usage: scripts/compiled.sh server|create-admin|render-panoramas [arguments]}
shift
file="dist/server/$entry.js"
if [ ! -f "$file" ]; then
  echo "$file is missing: this start runs the compiled server and builds nothing." >&2
  echo "Build it first: npm run build (everything), or npm run build:server (the server alone)." >&2
  exit 1
fi
export NODE_ENV=production
source scripts/node-flags.sh
exec node "${SALON_NODE_FLAGS[@]}" --enable-source-maps "$file" "$@"
