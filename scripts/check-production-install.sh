#!/usr/bin/env bash
# Runs the site the way production does (docs/deployment.md, and the Dockerfile's stages) from a clean
# clone of the committed HEAD: npm ci, npm run build, npm prune --omit=dev, then plain `node` with only
# `dependencies` installed, NODE_ENV=production, on PGlite in a temporary data dir. Fails when the server
# needs a dev dependency at run time, does not become ready, or does not serve / and /booking.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/playtime-production.XXXXXX")
server_pid=
cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "== production install: clone of $(git rev-parse --short HEAD) in $tmp"
git clone --quiet . "$tmp/app"
cd "$tmp/app"
npm ci --no-audit --no-fund
npm run build
npm prune --omit=dev --no-audit --no-fund
# The proof that the server runs without dev dependencies: they are gone.
if [[ -e node_modules/tsx || -e node_modules/vite ]]; then
  echo "npm prune --omit=dev left dev dependencies in node_modules" >&2
  exit 1
fi

port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
url="http://127.0.0.1:$port"
# Test-looking Stripe keys: production refuses the TEST MODE provider, and nothing here calls Stripe.
env NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$tmp/data" BACKUP_DIR="$tmp/backups" DATABASE_URL= LOG_LEVEL=warn \
  STRIPE_SECRET_KEY=sk_test_production_check STRIPE_PUBLISHABLE_KEY=pk_test_production_check \
  STRIPE_WEBHOOK_SECRET=whsec_production_check ADMIN_PASSWORD=production-check-password \
  node dist/server/main.js >"$tmp/server.log" 2>&1 &
server_pid=$!

fail() {
  echo "production install: $1" >&2
  echo "-- server output:" >&2
  cat "$tmp/server.log" >&2
  exit 1
}

for _ in $(seq 1 120); do
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited before it was ready"
  curl -fsS -o /dev/null "$url/readyz" 2>/dev/null && break
  sleep 0.5
done
curl -fsS -o /dev/null "$url/readyz" || fail "/readyz did not answer 200 within 60 s"

# Each page answers 200 with its own title and its pre-rendered first view (the prerenderer loads too).
check_page() {
  local path=$1 title=$2 body
  body=$(curl -fsS "$url$path") || fail "GET $path did not answer 200"
  grep -qF "<title>$title" <<<"$body" || fail "GET $path: no <title>$title"
  grep -qF '<div id="root" data-prerendered>' <<<"$body" || fail "GET $path: no pre-rendered first view"
}
check_page / 'Play Time Barn | Indoor Soft Play'
check_page /booking 'Book Tickets |'

# The production backup command (no tsx): the running PGlite server takes it when asked, and restore
# accepts the file into a new data directory.
env NODE_ENV=production DATA_DIR="$tmp/data" BACKUP_DIR="$tmp/backups" DATABASE_URL= \
  node dist/server/backup.js >"$tmp/backup.log" 2>&1 || { cat "$tmp/backup.log" >&2; fail "node dist/server/backup.js failed"; }
dump=$(ls "$tmp/backups"/playtime-barn-*.sql.gz 2>/dev/null | head -1)
[[ -n $dump && -e $dump.manifest.json ]] || fail "no backup and manifest in BACKUP_DIR"
env NODE_ENV=production DATA_DIR="$tmp/restored" DATABASE_URL= node dist/server/restore.js "$dump" >"$tmp/restore.log" 2>&1 ||
  { cat "$tmp/restore.log" >&2; fail "node dist/server/restore.js failed"; }

kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
[[ $status -eq 0 ]] || fail "the server exited with $status on SIGTERM"
echo "== production install: served / and /booking, backed up and restored, with plain node and no dev dependencies ($((SECONDS - started)) s)"
