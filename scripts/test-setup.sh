#!/usr/bin/env bash
# Installs what the test suites need on a fresh Debian machine: Chromium and Mosquitto from Debian,
# the npm packages, and the production web build the browser tests open. PostgreSQL 15 is expected
# on the PATH (initdb, pg_ctl); it is installed from Debian when absent.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || need+=(mosquitto)
command -v initdb >/dev/null 2>&1 || [ -d /usr/lib/postgresql ] || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  echo "test:setup: installing ${need[*]} from Debian"
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
fi

# `npm install` rather than `npm ci`: this npm writes lock files without other platforms' optional
# packages (rollup's), which `npm ci` then rejects as out of sync; install still follows the lock.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi
npm run build
