# Sourced by scripts/start.sh and scripts/compiled.sh: the flags node gets besides the entry's own.
#
# A process that may run on one core only (pinned with taskset, a container's cpuset: one process per core is how the
# salon scales, scripts/bench/README.md "Several processes behind nginx") collects its garbage on its own thread.
# V8's helper threads would only
# take turns with it on that core: at 5,000 visitors their concurrent marking, every few seconds, took the event
# loop's core for a few hundred milliseconds and made the heartbeat's p99 (scripts/bench: the same figures, measured).
# With more cores the helpers run beside the event loop, and node keeps its default.
SALON_NODE_FLAGS=()
if [ "$(nproc)" -le 1 ]; then SALON_NODE_FLAGS+=(--single-threaded-gc); fi
