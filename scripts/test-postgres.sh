#!/usr/bin/env bash
# The server tests that need PostgreSQL, against a throwaway cluster (scripts/pg-test-server.sh), which is
# stopped and removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
url=$(bash scripts/pg-test-server.sh)
trap 'bash scripts/pg-test-server.sh stop >/dev/null 2>&1 || true' EXIT
TEST_DATABASE_URL="$url" npx jest --ci tests/server/postgres.test.ts --selectProjects server
