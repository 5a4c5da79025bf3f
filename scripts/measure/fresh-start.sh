#!/usr/bin/env bash
# Time from a fresh clone of this repository's HEAD to `npm start` answering on /salon.
#   bash scripts/measure/fresh-start.sh [port]
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
port=${1:-18080}
dir=$(mktemp -d /tmp/salon-fresh-XXXX)
git clone -q "$repo" "$dir/salon"
cd "$dir/salon"
start=$(date +%s)
PORT=$port npm start >"$dir/start.log" 2>&1 &
pid=$!
trap 'kill -- -$pid 2>/dev/null || kill $pid 2>/dev/null || true; pkill -f "$dir/salon" 2>/dev/null || true; sleep 1; rm -rf "$dir"' EXIT
until curl -sf -o /dev/null "http://127.0.0.1:$port/salon"; do
  if ! kill -0 $pid 2>/dev/null; then echo "npm start exited:"; tail -30 "$dir/start.log"; exit 1; fi
  if [ $(( $(date +%s) - start )) -gt 600 ]; then echo "not serving after 600 s"; tail -30 "$dir/start.log"; exit 1; fi
  sleep 1
done
echo "fresh clone → serving /salon in $(( $(date +%s) - start )) s"
grep -E "http://|@salon.test" "$dir/start.log" | head -10
