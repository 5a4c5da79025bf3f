#!/usr/bin/env bash
# `npm run test:quick`: the checks to run while working, in a few minutes. The catalogs compiled, then at once: the
# typecheck, ESLint on the files changed since main, and the Jest tests related to those files (Jest follows the
# imports). `npm test` runs everything before a merge.
#   BASE=origin/main npm run test:quick     compare with another branch or commit than main
set -uo pipefail
cd "$(dirname "$0")/.."
base=${BASE:-main}
npx lingui compile --typescript --strict >/dev/null || exit 1
mapfile -t changed < <( { git diff --name-only --diff-filter=d "$base" -- ; git ls-files --others --exclude-standard; } | sort -u |
  grep -E '\.(ts|tsx|js|cjs|mjs)$' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
echo "changed since $base: ${#changed[@]} file(s)"
logs=$(mktemp -d)
npm run --silent typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
if [ ${#changed[@]} -gt 0 ]; then
  npx eslint "${changed[@]}" >"$logs/lint" 2>&1 &
  lint=$!
  npx jest --ci --findRelatedTests "${changed[@]}" --passWithNoTests >"$logs/unit" 2>&1
  unit=$?
  wait $lint; lint=$?
else
  lint=0; unit=0; echo "nothing changed: no lint, no unit test" >"$logs/unit"
fi
wait $typecheck; typecheck=$?
status=0
for check in typecheck lint unit; do
  [ -f "$logs/$check" ] && { echo "=== $check"; cat "$logs/$check"; }
  if [ "${!check}" = 0 ]; then echo "=== $check: ok"; else echo "=== $check: FAILED"; status=1; fi
done
rm -rf "$logs"
exit $status
