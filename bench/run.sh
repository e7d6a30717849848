#!/usr/bin/env bash
# Every benchmark, reproducibly: builds the web app, then measures against a throwaway PostgreSQL.
# Figures are printed; docs/performance.md records them with the date and machine.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== login page JavaScript (goal: <= 250 kB gzipped)"
npm run build --silent >/dev/null
node packages/web/scripts/login-bundle-size.mjs --max-kb 250

echo
echo "== GET api/account, 50 connections, PostgreSQL (goal: >= 5,000 req/s)"
bash scripts/with-postgres.sh npx tsx bench/account-throughput.ts

echo
echo "== people lists and searches, 1,000 dealers / 10,000 fleets / 100,000 drivers, PostgreSQL (goal: p95 < 50 ms each)"
bash scripts/with-postgres.sh npx tsx bench/people.ts
