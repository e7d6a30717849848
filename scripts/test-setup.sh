#!/usr/bin/env bash
# Installs what the test suites need on a fresh Debian machine: Chromium, Mosquitto and its clients, RabbitMQ, HAProxy and Python 3 from Debian,
# the npm packages, and the production web build the browser tests open. PostgreSQL 15 is expected
# on the PATH (initdb, pg_ctl); it is installed from Debian when absent.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || need+=(mosquitto)
# mosquitto_pub: a stock client the embedded MQTT listener's conformance test publishes with.
[ -x /usr/bin/mosquitto_pub ] || need+=(mosquitto-clients)
command -v initdb >/dev/null 2>&1 || [ -d /usr/lib/postgresql ] || need+=(postgresql)
# The multi-instance test (npm run test:scale): a RabbitMQ cluster and a balancer.
[ -x /usr/lib/rabbitmq/bin/rabbitmq-server ] || need+=(rabbitmq-server)
[ -x /usr/sbin/haproxy ] || need+=(haproxy)
# docs/examples/verify_webhook.py: the Python signature check that docs/integrations.md shows, run by its test.
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  echo "test:setup: installing ${need[*]} from Debian"
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
fi

# Exactly the committed lock (`npm run check` proves `npm ci` accepts it, and .npmrc's engine-strict
# that every package runs on this Node).
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run build
