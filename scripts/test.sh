#!/usr/bin/env bash
# `npm test`: every check of the project, side by side where the machine (two cores) has room: the static checks and
# the build; Jest alone; the PostgreSQL pass; the browser tests with the Storybook check; Lighthouse alone, last.
# Prints each step's output when it ends, then a table of the steps with their wall time, their CPU time, and how busy
# the whole machine was while they ran, and `checks: N passed, N failed` last.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund

LOGS=test-results/steps
rm -rf "$LOGS"
mkdir -p "$LOGS"
passed=0; failed=0; failures=(); table=(); started=$SECONDS
declare -A pids starts streamed commands stats

# The machine's busy and total CPU ticks so far (/proc/stat's first line), and the share busy between two readings.
ticks() { awk 'NR == 1 { busy = $2 + $3 + $4 + $7 + $8; print busy, busy + $5 + $6; exit }' /proc/stat; }
busy_since() {
  local now; now=$(ticks)
  awk -v a="$1" -v b="$now" 'BEGIN { split(a, x, " "); split(b, y, " "); d = y[2] - x[2]; share = 0; if (d > 0) share = 100 * (y[1] - x[1]) / d; printf "%.0f%%", share }'
}

# A step's CPU time: user + system of everything it ran (bash's `times`, children's line), in seconds.
cpu_of() { awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$1" 2>/dev/null; }

# `begin NAME COMMAND…`: starts a step in the background, its output kept in test-results/steps/NAME.log and printed
# when it ends (`finish NAME`). With STREAM=1 (`step`), the output shows as it comes.
begin() {
  local name=$1; shift
  starts[$name]=$SECONDS
  stats[$name]=$(ticks)
  (
    if [ "${STREAM:-}" = 1 ]; then
      "$@" 2>&1 | tee "$LOGS/$name.log"
      rc=${PIPESTATUS[0]}
    else
      "$@" >"$LOGS/$name.log" 2>&1
      rc=$?
    fi
    times >"$LOGS/$name.times"
    exit $rc
  ) &
  pids[$name]=$!
  streamed[$name]=${STREAM:-}
  commands[$name]="$*"
}

# `finish NAME`: waits for the step, prints its output and records its result.
finish() {
  local name=$1 rc wall cpu busy
  wait "${pids[$name]}"; rc=$?
  wall=$((SECONDS - starts[$name])); cpu=$(cpu_of "$LOGS/$name.times"); busy=$(busy_since "${stats[$name]}")
  if [ -z "${streamed[$name]}" ]; then echo; echo "=== $name: ${commands[$name]}"; cat "$LOGS/$name.log"; fi
  local result=ok
  if [ $rc = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); result=FAILED; fi
  echo "=== $name: $result (${wall} s, CPU ${cpu:-?} s, machine ${busy} busy)"
  table+=("$(printf '%-16s %-6s %6s %8s %8s' "$name" "$result" "$wall" "${cpu:-?}" "$busy")")
}

# `step NAME COMMAND…`: one step alone, its output shown as it comes.
step() { echo; echo "=== $1: ${*:2}"; STREAM=1 begin "$@"; finish "$1"; }

# What the tests need from Debian (Chromium and its fonts, Redis, PHP with Symfony and Twig, nginx, PostgreSQL), in
# one apt run when anything is missing.
step packages bash scripts/ensure-apt.sh --test-packages
step i18n bash -c 'npx lingui extract && npx lingui compile --typescript --strict'
# The demo's panorama images, drawn once for every browser test's server (tests/browser/panoramas.ts), in the
# background from here to the browser tests: one key at a time, on what the steps before leave of the cores.
begin panoramas node --import tsx tests/browser/panoramas.ts
# The server without the DOM's types, the browser's code without Node's, then everything with both (package.json);
# ESLint, Prettier's formatting (.prettierrc.json; `npm run format` rewrites the tree), and the production build
# (every widget, the loader, the room frame and the compiled server), none of which times anything.
begin typecheck npm run --silent typecheck
begin lint npx eslint .
begin format npx prettier --check .
begin build bash scripts/build.sh
finish typecheck; finish lint; finish format; finish build
# Jest: the widgets in jsdom and the server through app.inject, one worker a core (jest.config.js).
step unit npx jest --ci
step size node --import tsx scripts/size/check.ts
finish panoramas
# The storage tests again on PostgreSQL (two Jest workers), with the page weight (bytes, not time) and Storybook's
# build beside them. Then the browser tests, two files at a time on the compiled server, with the Storybook check
# beside them on two pages (every story in Chromium: console errors, serious axe violations, screenshots against
# stories/__screenshots__/): alone, each left part of the machine idle; together they took 656 s against 433 + 279 s
# one after the other (docs/performance.md, 2026-11-30).
begin page-weight node --import tsx scripts/measure/page-weight.ts
begin storybook npx storybook build --disable-telemetry --quiet -o storybook-static
step postgres bash scripts/test-postgres.sh
finish page-weight; finish storybook
begin storybook-check env STORYBOOK_CHECK_PAGES=2 node --import tsx scripts/storybook/check.ts
step browser node --import tsx --test --test-concurrency=2 tests/browser/*.test.ts
finish storybook-check
# Alone at the end: Lighthouse judges time, and runs ahead of whatever else the machine does (niceness -15).
step lighthouse node --import tsx scripts/measure/lighthouse.ts --runs 3

# What failed, in a few lines above the table (the steps' whole output is above, and in test-results/steps/).
for name in "${failures[@]}"; do
  echo; echo "--- $name failed:"
  grep -E "^\s*(not ok |error: |● |Error: |Expected: |Received: )" "$LOGS/$name.log" | awk '!seen[$0]++' | cut -c1-300 | head -30
done

echo
echo "step             result  wall s    CPU s  machine"
printf '%s\n' "${table[@]}"
echo "total                   $((SECONDS - started))"
[ ${#failures[@]} -gt 0 ] && echo "failed steps: ${failures[*]}"
echo "checks: $passed passed, $failed failed"
[ "$failed" = 0 ]
