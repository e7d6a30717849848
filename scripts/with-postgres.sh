#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server: a temporary data directory, a free port, trust
# authentication on loopback; the server is stopped and removed when the command ends.
# Usage: scripts/with-postgres.sh COMMAND... (the URL is passed as TEST_DATABASE_URL); PG_SETTINGS adds
# server settings, for example PG_SETTINGS="-c shared_buffers=1GB".
set -euo pipefail

pgbin=""
command -v initdb >/dev/null 2>&1 || pgbin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/"
dir=$(mktemp -d /tmp/evfleet-pg.XXXXXX)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_pg() { if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi; }
[ "$(id -u)" -eq 0 ] && chown postgres "$dir"

cleanup() { as_pg "${pgbin}pg_ctl -D $dir/data -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT

as_pg "${pgbin}initdb -D $dir/data -A trust -U postgres >/dev/null"
as_pg "${pgbin}pg_ctl -D $dir/data -l $dir/log -w -o \"-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${PG_SETTINGS:-}\" start >/dev/null"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL on port $port"
"$@"
