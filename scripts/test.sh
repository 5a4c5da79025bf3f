#!/usr/bin/env bash
# `npm test`: every check of the project, in the order that fails fastest. Prints "N passed, N failed" last.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund

passed=0; failed=0; failures=()
step() {
  local name=$1; shift
  echo; echo "=== $name: $*"
  local start=$SECONDS
  if "$@"; then passed=$((passed + 1)); echo "=== $name: ok ($((SECONDS - start)) s)"
  else failed=$((failed + 1)); failures+=("$name"); echo "=== $name: FAILED ($((SECONDS - start)) s)"; fi
}

step chromium bash scripts/ensure-apt.sh "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium fonts-dejavu-core
# The Redis tests (several processes sharing one salon) start their own redis-server.
step redis-server bash scripts/ensure-apt.sh /usr/bin/redis-server redis-server
# The Symfony host's browser test (tests/browser/symfony.test.ts): PHP, Symfony and Twig from Debian, and nginx.
step symfony bash scripts/symfony.sh --install-only
step i18n bash -c 'npx lingui extract && npx lingui compile --typescript --strict'
# The server without the DOM's types, the browser's code without Node's, then everything with both (package.json).
step typecheck npm run --silent typecheck
step lint npx eslint .
# Prettier's formatting (.prettierrc.json); `npm run format` rewrites the tree.
step format npx prettier --check .
step unit npx jest --ci
step build bash scripts/build.sh
step size node --import tsx scripts/size/check.ts
step storybook npx storybook build --disable-telemetry --quiet -o storybook-static
# Every story in Chromium: console errors, serious axe violations, screenshots against stories/__screenshots__/.
step storybook-check node --import tsx scripts/storybook/check.ts
step browser node --import tsx --test --test-concurrency=1 tests/browser/*.test.ts
step page-weight node --import tsx scripts/measure/page-weight.ts
step lighthouse node --import tsx scripts/measure/lighthouse.ts --runs 5
step postgres bash scripts/test-postgres.sh

echo
[ ${#failures[@]} -gt 0 ] && echo "failed steps: ${failures[*]}"
echo "checks: $passed passed, $failed failed"
[ "$failed" = 0 ]
