#!/usr/bin/env bash
# Every benchmark, reproducibly: builds the web app, then measures against throwaway PostgreSQL
# servers. Figures are printed; docs/performance.md records them with the date and the command.
# A benchmark that misses its goal is reported at the end; the others still run.
set -uo pipefail
cd "$(dirname "$0")/.."
missed=()

bench() {
  local title=$1
  shift
  echo
  echo "== $title"
  "$@" || missed+=("$title")
}

npm run build --silent >/dev/null || exit 1
bench "server start-up, compiled against tsx, embedded PGlite (no goal: figures for docs/performance.md)" npx tsx bench/startup.ts
bench "login page JavaScript (goal: <= 250 kB gzipped)" node packages/web/scripts/login-bundle-size.mjs --max-kb 250
bench "GET api/account, 50 connections, PostgreSQL (goal: >= 5,000 req/s with one token and with 50 users)" bash scripts/with-postgres.sh npx tsx bench/account-throughput.ts
bench "people lists and searches, 1,000 dealers / 10,000 fleets / 100,000 drivers, PostgreSQL (goal: p95 < 50 ms each)" bash scripts/with-postgres.sh npx tsx bench/people.ts
bench "1,000-row page of the dealer, fleet and driver grids in Chromium, PostgreSQL (goal: no main-thread task over 200 ms)" bash scripts/with-postgres.sh npx tsx bench/people-grid.ts
bench "map of 10,000 vehicles and the 1,000-row vehicle grid page in Chromium, PostgreSQL (goal: clustered and answering a click within 1 s, no grid task over 200 ms)" bash scripts/with-postgres.sh npx tsx bench/vehicle-map.ts
bench "vehicle list and search at page size 1,000 and every vehicle detail call, 10,000 vehicles, 90 days of readings every 10 s for 20, PostgreSQL (goal: p95 < 50 ms each)" bash scripts/with-postgres.sh npx tsx bench/vehicles.ts
bench "MQTT client reading an external broker, 100,000 QoS 1 readings from Mosquitto, PUBACK after a simulated commit, ours and mqtt.js (goal: >= 20,000 messages/s)" npx tsx bench/mqtt-client.ts
bench "MQTT ingestion, single readings of every signal and 32 cells, and Teltonika trackers, Codec 8E records of 30 IO elements, PostgreSQL, ${BENCH_SECONDS:-60} s (goal: 20,000 readings/s, floor 10,000; evfleet's CPU a reading with 1,000 zones at most 1.1 times without, and a Teltonika record at most 1.2 times a JSON reading's, printed)" bash scripts/with-postgres.sh npx tsx bench/ingest.ts
# The report's 864,000 readings take 375 MB, more than PostgreSQL's default 128 MB of buffers: its server runs with buffers sized for its data.
bench "what ingestion writes once a second per vehicle (state, chart minutes, open trip), 10,000 vehicles, PostgreSQL (goal: <= 25 µs of CPU a vehicle)" bash scripts/with-postgres.sh npx tsx bench/per-second-writes.ts
bench "CAN history report, one vehicle, 864,000 readings of every signal and 32 cells, PostgreSQL with 1 GB of shared buffers (goal: first page < 200 ms, later pages and sorts < 300 ms, xlsx export >= 20,000 rows/s with < 200 MB server growth)" env PG_SETTINGS="-c shared_buffers=1GB" bash scripts/with-postgres.sh npx tsx bench/can-report.ts
bench "xlsx writer against ExcelJS's streaming writer, 100,000 rows of 57 columns (goal: >= 20,000 rows/s with < 200 MB growth)" npx tsx bench/xlsx-writer.ts
bench "a reading's CPU steps alone: scanned on the parse thread, COPY-encoded, the chart's minutes and the alert rules (no goal: figures for docs/performance.md)" npx tsx bench/reading-steps.ts
bench "hand-over of device messages to the parse thread, in groups of 1, 60 and 512 (no goal: figures for docs/performance.md)" npx tsx bench/parse-hand-over.ts
bench "binary COPY encoder against pg-copy-streams-binary, 100,000 readings, PostgreSQL (goal: <= 2 µs of CPU a row)" bash scripts/with-postgres.sh npx tsx bench/copy-encoder.ts
bench "radix sort of the report's windows against comparator sorts, 80,000 and 720,000 records (goal: 80,000 in < 50 ms)" npx tsx bench/radix-sort.ts
bench "STOMP frame codec of the live feed against @stomp/stompjs's (no goal: figures for docs/decisions.md)" npx tsx bench/stomp-frames.ts
bench "Teltonika codec against complete-teltonika-parser, 2,000 Codec 8E and 2,000 Codec 8 frames of records with 30 IO elements (no goal: figures for docs/decisions.md)" npx tsx bench/teltonika-decode.ts
bench "live feed delay, 10,000 vehicles every 10 s through Mosquitto, PostgreSQL (goal: p95 < 1 s)" bash scripts/with-postgres.sh npx tsx bench/live-delay.ts
bench "EV analytics: fleet table of 10,000 vehicles over 90 days, one vehicle's sessions, trips and battery health, the signal chart over 864,000 readings, PostgreSQL (goal: p95 < 200 ms, < 50 ms, < 300 ms)" bash scripts/with-postgres.sh npx tsx bench/analytics.ts
bench "signal chart in Chromium, ten days at 1 Hz (864,000 readings), PostgreSQL (goal: drawn within 500 ms of choosing the period)" bash scripts/with-postgres.sh npx tsx bench/signal-chart.ts
bench "zones: the list with 10,000 zones as an administrator, a dealer and a fleet owner, and a depot's visits over 90 days, PostgreSQL (goal: p95 < 100 ms each)" bash scripts/with-postgres.sh npx tsx bench/zones.ts
bench "dashboard counts and computed cards, 10,000 vehicles, 30 days of readings for 100, PostgreSQL (goal: p95 < 100 ms each)" bash scripts/with-postgres.sh npx tsx bench/dashboard.ts
# A figure a reading depends on a vehicle's day, not on how many vehicles there are: 10 vehicles reporting every 10 s.
bench "history size: 30 days of the demo model's readings for 10 vehicles every 10 s, today's layout, two compacted prototypes (arrays, Parquet with ZSTD) and the layout built, loaded a day at a time and compacted by the server's job, PostgreSQL (goal: <= 45 bytes a reading, everything included)" env BENCH_VEHICLES=10 BENCH_STEPPING=every bash scripts/with-postgres.sh npx tsx bench/history-size.ts
bench "reads over compacted history against the same readings hot, side by side: 90 days every 10 s of two vehicles, the report's first page and export, the signal chart, a day's daily figures and trips, PostgreSQL (goal: compacted <= 1.2 times hot)" bash scripts/with-postgres.sh npx tsx bench/compacted-reads.ts
bench "history size, the layout built on embedded PGlite (goal: <= 45 bytes a reading, everything included)" env BENCH_TODAY=0 BENCH_VEHICLES=10 BENCH_STEPPING=every npx tsx bench/history-size.ts

echo
if [ ${#missed[@]} -gt 0 ]; then
  printf 'goal missed: %s\n' "${missed[@]}"
  exit 1
fi
echo "every goal met"
