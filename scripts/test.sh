#!/usr/bin/env bash
# Every test: unit and API suites on PGlite and on a throwaway PostgreSQL, the multi-instance test
# (RabbitMQ cluster, two instances, a replica: it starts its own), then the browser tests in
# Debian's Chromium against the built portal. PostgreSQL and the browser are required, not skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

export REQUIRE_POSTGRES=1 REQUIRE_MOSQUITTO=1
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  npx vitest run
else
  bash scripts/with-postgres.sh npx vitest run
fi
# It starts its own PostgreSQL (with a replica), so it needs no TEST_DATABASE_URL.
REQUIRE_POSTGRES= npm run test:scale
npm run e2e -w @evfleet/web
