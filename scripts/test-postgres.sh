#!/usr/bin/env bash
# The server tests that store and read data (tests/server/, but the files listed below) again on PostgreSQL,
# against a throwaway cluster (scripts/pg-test-server.sh), stopped and removed afterwards: SALON_TEST_POSTGRES gives
# each test app a schema of its own (tests/server/helpers.ts), TEST_DATABASE_URL runs postgres.test.ts's own cases.
# The restart drills (restart-drills.test.ts) and the production deployment behind nginx (production-deploy.test.ts,
# which needs the build) stop or restart PostgreSQL, so they start a cluster of their own beside this one.
set -euo pipefail
cd "$(dirname "$0")/.."
url=$(bash scripts/pg-test-server.sh)
trap 'bash scripts/pg-test-server.sh stop >/dev/null 2>&1 || true' EXIT
# Not again on PostgreSQL: the files that open no database of their own (units, the SQLite layer, the start-up
# checks of production.test.ts, whose compiled server runs on a SQLite file), the ones that open SQLite whatever
# is set (redis, rate-limit-redis), and the ones whose subject is not what is stored (the rate limits, kept in
# memory; the panoramas' image checks; headers, static files, Storybook, the room frame's page, the refusals'
# language). Every other file runs again here, new ones included.
sqlite_only=(canvas-2d errors forms-contract ids lighthouse-slowdown live-hub live-slices locale-rule production
  prepared readmes room-frame-texts session-hash shared-entries sqlite-group sqlite-thread units redis rate-limit-redis
  rate-limit panoramas csp static storybook room-frame refusals-locale)
ignore=$(IFS='|'; echo "tests/server/(${sqlite_only[*]})\\.test\\.ts$")
# Each Jest worker on a database of its own (tests/server/worker-database.ts): a migration lists every schema's
# tables, and must not meet another worker's schema being dropped. Jest numbers its workers from 1 (one a core by
# default; four databases at least, for `--maxWorkers=4`).
for worker in $(seq 1 "$(( $(nproc) > 4 ? $(nproc) : 4 ))"); do
  psql "$url" -qtAc "SELECT 1 FROM pg_database WHERE datname = '${url##*/}_w$worker'" | grep -q 1 ||
    psql "$url" -qc "CREATE DATABASE ${url##*/}_w$worker"
done
# Jest's options may follow (one file, `--maxWorkers`…).
SALON_TEST_PG_PER_WORKER=1 SALON_TEST_POSTGRES="$url" TEST_DATABASE_URL="$url" npx jest --ci tests/server --selectProjects server \
  --testPathIgnorePatterns "$ignore" "$@"
