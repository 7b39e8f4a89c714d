#!/usr/bin/env bash
# npm test: the static checks, the build, the unit and integration suite, then the browser suite in two
# lanes against what was built (npm run test:e2e is the build and the browser suite) with the OpenAPI fuzzer
# beside it (scripts/e2e-and-fuzz.sh), stopping at the first that fails.
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
  "e2e and fuzz:bash scripts/e2e-and-fuzz.sh"
)
# CPU seconds (user + system) this shell's finished children have used so far (bash's `times`, second line):
# beside the wall-clock time it says how many of the 2 cores a step kept busy, so whether it waits or computes.
# `times` runs in this shell, into a file: in a pipe or $(...) it would report a subshell's children.
cpu_file=$(mktemp)
trap 'rm -f "$cpu_file"' EXIT
children_cpu=0
read_children_cpu() {
  times > "$cpu_file"
  children_cpu=$(awk 'NR == 2 {
    n = split($0, t, " "); s = 0
    for (i = 1; i <= n; i++) { split(t[i], ms, "m"); s += ms[1] * 60 + ms[2] }
    printf "%d", s
  }' "$cpu_file")
}
times=()
for step in "${steps[@]}"; do
  name=${step%%:*}
  started=$SECONDS
  read_children_cpu
  cpu_before=$children_cpu
  bash -c "${step#*:}"
  status=$?
  wall=$((SECONDS - started))
  read_children_cpu
  cpu=$((children_cpu - cpu_before))
  cores=$(awk -v c="$cpu" -v w="$wall" 'BEGIN { printf "%.1f", (w > 0 ? c / w : 0) }')
  times+=("$name $wall s")
  echo "== npm test: $name took $wall s, $cpu s of CPU ($cores cores busy) (exit $status)"
  if [ "$status" -ne 0 ]; then
    echo "== npm test: failed at $name"
    exit "$status"
  fi
done
echo "== npm test step times: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g')"
