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
# The designers' workbench, served at /storybook/ by the demo start: rebuilt when a story, a widget or its config is
# newer than the last build.
if [ ! -f storybook-static/index.json ] || [ -n "$(find stories .storybook shared widgets package-lock.json -newer storybook-static/index.json -type f -not -name '*.test.*' -print -quit)" ]; then
  npx lingui compile --typescript --strict
  npx storybook build --disable-telemetry --quiet -o storybook-static || echo "Storybook could not be built: /storybook/ answers 404" >&2
fi
# The server draws the room's panoramas, whose signs are written in DejaVu Sans: without a font they have no text.
bash scripts/ensure-apt.sh /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf fonts-dejavu-core || echo "The panoramas' signs need a font: apt-get install fonts-dejavu-core" >&2
# The secret shared with the Symfony host (`npm run symfony`, its identity handoff): from the environment, else one
# generated once into data/ (never in the repo) and read by scripts/symfony.sh.
if [ -z "${SALON_HOST_SECRET:-}" ]; then
  mkdir -p data
  if [ ! -s data/host-secret ]; then (umask 077 && od -An -N32 -tx1 /dev/urandom | tr -d ' \n' > data/host-secret); fi
  SALON_HOST_SECRET=$(cat data/host-secret)
  export SALON_HOST_SECRET
fi
source scripts/node-flags.sh
SALON_DEMO=1 exec node "${SALON_NODE_FLAGS[@]}" --import tsx host-shell/server/server.ts
