#!/usr/bin/env bash
# `npm start`: installs what is missing, builds what is stale, then serves the salon with its demo data
# at http://${HOST:-127.0.0.1}:${PORT:-8080}. SALON_DEMO=1 is what seeds the demo salon (and its published
# password): nothing else does. Production: `npm run start:production` (README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/build.sh --if-stale
SALON_DEMO=1 exec node --import tsx host-shell/server/server.ts
