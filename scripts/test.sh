#!/usr/bin/env bash
# npm test: the static checks, the build, the unit and integration suite, then the browser suite in two
# lanes against what was built (npm run test:e2e is the build and the browser suite), stopping at the first that fails.
# Each step's wall-clock time is printed as it ends and again at the end, so a slow step shows in every
# run's log (docs/testing.md keeps the figures).
set -uo pipefail
cd "$(dirname "$0")/.."
# The build comes before the unit suite: the unit and fault tests that start real server processes then
# start the built server (dist/server/main.js, one bundled file) instead of compiling src/ with tsx in
# each process, as tests/e2e/support/server.ts chooses.
steps=(
  "static checks:bash scripts/static-checks.sh"
  "build:bash scripts/ensure-chromium.sh && npm run -s build"
  "unit:npm run -s test:unit"
  "e2e:npm run -s test:e2e:built"
)
times=()
for step in "${steps[@]}"; do
  name=${step%%:*}
  started=$SECONDS
  bash -c "${step#*:}"
  status=$?
  times+=("$name $((SECONDS - started)) s")
  echo "== npm test: $name took $((SECONDS - started)) s (exit $status)"
  if [ "$status" -ne 0 ]; then
    echo "== npm test: failed at $name"
    exit "$status"
  fi
done
echo "== npm test step times: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g')"
