#!/usr/bin/env bash
# Restarts the server processes behind nginx one at a time (docs/deployment.md): each one is stopped
# (SIGTERM: it finishes what it is doing; connections made meanwhile wait in its port's socket, which
# systemd holds (playtime-barn@.socket), for the new process), started again, and must answer /readyz
# before the next one goes. Usage: deploy/rolling-restart.sh [PORT...] (5001 5002).
set -euo pipefail
ports=("$@")
[ ${#ports[@]} -gt 0 ] || ports=(5001 5002)
# nginx leaves a process that refused a connection alone for the upstream's fail_timeout (2 s): wait
# longer than that after it is ready, so nginx has taken it back before the other one stops.
NGINX_FAIL_TIMEOUT_S="${NGINX_FAIL_TIMEOUT_S:-2}"
for port in "${ports[@]}"; do
  echo "== restarting playtime-barn@$port"
  systemctl restart "playtime-barn@$port"
  for _ in $(seq 1 120); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null && break
    sleep 1
  done
  if ! curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz"; then
    echo "playtime-barn@$port is not ready after 2 minutes; stopping here (the others are untouched)" >&2
    exit 1
  fi
  sleep $((NGINX_FAIL_TIMEOUT_S + 1))
done
echo "== all restarted"
