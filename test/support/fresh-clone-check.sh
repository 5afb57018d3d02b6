#!/usr/bin/env bash
# What a new developer does on a fresh clone: `npm install && npm start` with no DATABASE_URL.
# Clones HEAD of this checkout into a temporary directory, installs, starts the app on free ports
# with the embedded PostgreSQL, waits for /api/health (200) and the SPA at /, then presses Ctrl-C
# (SIGINT to the whole process group, as a terminal does) and checks that PostgreSQL stopped.
#
#   test/support/fresh-clone-check.sh             the committed HEAD
#   test/support/fresh-clone-check.sh --worktree  the working tree as it is (uncommitted files too)
set -euo pipefail

START_TIMEOUT_S=${START_TIMEOUT_S:-600}
STOP_TIMEOUT_S=${STOP_TIMEOUT_S:-60}

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/fresh-clone-XXXXXX")
# PostgreSQL refuses to run as root, so as root it runs as `postgres`, which must reach the clone.
chmod 755 "$work"
app="$work/app"
log="$work/start.log"
app_pid=''
pg_pid=''

say() { printf '[fresh-clone] %s\n' "$*"; }
fail() {
  say "FAILED: $*"
  [ -f "$log" ] && { say "last lines of the npm start log:"; tail -n 40 "$log"; }
  exit 1
}
alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }
cleanup() {
  if alive "$app_pid"; then kill -KILL -- "-$app_pid" 2>/dev/null || true; fi
  if alive "$pg_pid"; then kill -INT "$pg_pid" 2>/dev/null || true; sleep 2; fi
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

if [ "${1:-}" = '--worktree' ]; then
  say "copying the working tree of $repo"
  mkdir -p "$app"
  (cd "$repo" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done |
    tar --null -cf - -T -) | tar -xf - -C "$app"
else
  head=$(git -C "$repo" rev-parse HEAD)
  say "cloning $repo at $head"
  git clone --quiet --no-checkout "$repo" "$app"
  git -C "$app" checkout --quiet --detach "$head"
fi

cd "$app"
say 'npm install --no-audit --no-fund --prefer-offline'
npm install --no-audit --no-fund --prefer-offline >"$work/install.log" 2>&1 || { tail -n 40 "$work/install.log"; fail 'npm install'; }

port=$(free_port)
pg_port=$(free_port)
say "npm start on port $port (embedded PostgreSQL on $pg_port)"
# setsid: a process group of its own, so the "Ctrl-C" below reaches npm and node, not this script.
env -u DATABASE_URL PORT="$port" EMBEDDED_PG_PORT="$pg_port" setsid npm start >"$log" 2>&1 &
app_pid=$!

deadline=$((SECONDS + START_TIMEOUT_S))
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/health")" = 200 ]; do
  alive "$app_pid" || fail 'npm start exited before the app answered'
  [ $SECONDS -lt $deadline ] || fail "no 200 from /api/health within ${START_TIMEOUT_S}s"
  sleep 1
done
say '/api/health answered 200'

# Read whole before matching: `grep -q` stops at the first match, and under pipefail the write
# error that gives curl on a page larger than a pipe's buffer would fail the check.
home=$(curl -fsS "http://127.0.0.1:$port/") || fail 'GET / failed'
grep -qi '<!doctype html' <<<"$home" || fail 'GET / did not return the HTML page'
say 'GET / returned HTML'

pid_file="$app/data/db/postmaster.pid"
[ -f "$pid_file" ] || fail "no embedded PostgreSQL under $app/data/db"
pg_pid=$(head -n 1 "$pid_file")
alive "$pg_pid" || fail 'embedded PostgreSQL is not running'

say 'pressing Ctrl-C'
kill -INT -- "-$app_pid"
deadline=$((SECONDS + STOP_TIMEOUT_S))
while alive "$app_pid" || alive "$pg_pid"; do
  [ $SECONDS -lt $deadline ] || fail "app or PostgreSQL still running ${STOP_TIMEOUT_S}s after Ctrl-C"
  sleep 1
done
[ ! -f "$pid_file" ] || fail 'PostgreSQL left its postmaster.pid behind (not a clean shutdown)'
grep -q 'stopped' "$log" || fail 'the app did not log a clean stop'
say 'app and PostgreSQL stopped cleanly'
say 'OK'
