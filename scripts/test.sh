#!/usr/bin/env bash
# `npm test`: every check of the project, side by side where the machine (two cores) has room: the static checks and
# the build; Jest alone; the PostgreSQL pass with Lighthouse; the browser tests; the Storybook check.
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
# The server without the DOM's types, the browser's code without Node's, then everything with both (package.json);
# ESLint, Prettier's formatting (.prettierrc.json; `npm run format` rewrites the tree), and the production build
# (every widget, the loader, the room frame and the compiled server), none of which times anything.
begin typecheck npm run --silent typecheck
begin lint npx eslint .
begin format npx prettier --check .
begin build bash scripts/build.sh
finish typecheck; finish lint; finish format; finish build
# The demo's panorama images, drawn once for every browser test's server (tests/browser/panoramas.ts, with the
# compiled server's render-panoramas, hence after the build), in the background from here to the browser tests.
begin panoramas node --import tsx tests/browser/panoramas.ts
# Storybook's build, in the background from here to the PostgreSQL pass: Jest leaves about a sixth of the machine idle
# (its last files run alone), and the pass has the cores to itself sooner.
begin storybook npx storybook build --disable-telemetry --quiet -o storybook-static
# Jest: the widgets in jsdom and the server through app.inject, one worker a core (jest.config.js).
step unit npx jest --ci
step size node --import tsx scripts/size/check.ts
finish panoramas
# The storage tests again on PostgreSQL (two Jest workers), with the page weight (bytes, not time) and Lighthouse
# beside them: the pass waits on PostgreSQL and on its tests' timers for much of its time, and
# Lighthouse, which judges time, runs ahead of whatever else the machine does (niceness -15, measure/lighthouse.ts).
# Beside the pass it read a median score of 95 and the pass took as long as without it; alone at the end it left half
# the machine idle for two minutes (docs/performance.md, 2026-11-30).
begin page-weight node --import tsx scripts/measure/page-weight.ts
begin lighthouse node --import tsx scripts/measure/lighthouse.ts --runs 3
step postgres bash scripts/test-postgres.sh
finish page-weight; finish storybook; finish lighthouse
# The browser tests, two files at a time on the compiled server; then the Storybook check (every story in Chromium,
# six pages at once: console errors, serious axe violations, screenshots against stories/__screenshots__/). Side by
# side (two pages) they took 718 and 738 s in the last two runs; one after the other, 479 + 224 s (docs/performance.md).
# The longest files first (their tests took 40–80 s in the last runs), so that the two slots end together rather than
# one running a long file alone at the end; every other file after them, new ones included.
long=(room-frame overlap hotspot-labels csp admin-stream engagement signin-links keyboard deploy)
browser_files=()
for name in "${long[@]}"; do browser_files+=("tests/browser/$name.test.ts"); done
for file in tests/browser/*.test.ts; do
  [[ " ${long[*]} " == *" $(basename "$file" .test.ts) "* ]] || browser_files+=("$file")
done
step browser node --import tsx --test --test-concurrency=2 "${browser_files[@]}"
step storybook-check node --import tsx scripts/storybook/check.ts

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
