#!/usr/bin/env bash
# Compiles the message catalogs and builds the loader and every remote into dist/spa, then compiles the server
# into dist/server (scripts/build/server.ts; `npm run start:production` runs it).
#   --if-stale       skip when dist/ is newer than every source file
#   --widget NAME    deploy one widget: build only that remote (a new version folder and its manifest line)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--if-stale" ] && [ -f dist/spa/widgets.json ] && [ -f dist/spa/loader.js ]; then
  newer=$(find shared widgets host-shell/client host-shell/room-frame webpack.config.ts babel.config.js scripts/build package-lock.json -newer dist/spa/widgets.json -type f \
    -not -name '*.test.*' -not -name '*.stories.*' -not -path '*/locales/*/messages.ts' -print -quit)
  if [ -z "$newer" ]; then echo "dist/spa is up to date"; exit 0; fi
fi
npx lingui compile --typescript --strict
if [ "${1:-}" = "--widget" ]; then
  npx webpack --env "widget=${2:?--widget needs a widget name}"
else
  rm -rf dist/spa dist/size-report
  npx webpack
fi
node --import tsx scripts/build/compress.ts
if [ "${1:-}" != "--widget" ]; then node --import tsx scripts/build/server.ts; fi
