#!/usr/bin/env bash
# The rolling-restart test (tests/faults/rolling-restart.test.ts) runs Debian's nginx in front of two server
# processes, as docs/deployment.md does. It starts its own nginx (its own config, ports and logs), so the
# package's default site and service, running or not, change nothing.
set -euo pipefail
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"
[ -x "$NGINX" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's nginx for the rolling-restart test"
  # policy-rc.d or not, the package may start its own service on port 80: the test does not use it.
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  exit 0
fi
echo "The rolling-restart test needs nginx at $NGINX. Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y nginx" >&2
echo "or point NGINX_PATH at an installed nginx." >&2
exit 1
