#!/usr/bin/env bash
# Every server test (every file of tests/server/) again on PostgreSQL, against a throwaway cluster
# (scripts/pg-test-server.sh), which is stopped and removed afterwards: SALON_TEST_POSTGRES gives each test app a
# schema of its own (tests/server/helpers.ts), TEST_DATABASE_URL runs postgres.test.ts's own cases. Tests that need
# SQLite itself (a file opened by the compiled server, the Redis ones' shared file) keep it. The restart drills
# (tests/server/restart-drills.test.ts) and the production deployment behind nginx (production-deploy.test.ts, which needs
# the build) stop or restart PostgreSQL, so they start a cluster of their own beside this one.
set -euo pipefail
cd "$(dirname "$0")/.."
url=$(bash scripts/pg-test-server.sh)
trap 'bash scripts/pg-test-server.sh stop >/dev/null 2>&1 || true' EXIT
# Jest's options may follow (`npm test` gives `--maxWorkers=1`: the browser tests run beside it).
SALON_TEST_POSTGRES="$url" TEST_DATABASE_URL="$url" npx jest --ci tests/server --selectProjects server "$@"
