#!/usr/bin/env bash
# npm test's last step: the browser suite and `npm run fuzz:api` side by side, both against the build npm test
# made. The fuzzer calls one operation at a time and mostly waits on its own server, and the browser lanes
# wait on pages much of the time, so together they take about the browser suite's time instead of the sum.
# The fuzzer's log is printed after the browser suite's; the step fails when either fails.
set -uo pipefail
cd "$(dirname "$0")/.."
fuzz_log=$(mktemp)
trap 'rm -f "$fuzz_log"' EXIT
started=$SECONDS
npm run -s fuzz:api > "$fuzz_log" 2>&1 &
fuzz=$!
npm run -s test:e2e:built
e2e_status=$?
fuzz_status=0
wait "$fuzz" || fuzz_status=$?
echo "== fuzz:api (beside the browser suite) ended with exit $fuzz_status; its log:"
cat "$fuzz_log"
echo "== e2e exit $e2e_status, fuzz:api exit $fuzz_status, $((SECONDS - started)) s together"
[ "$e2e_status" -eq 0 ] && [ "$fuzz_status" -eq 0 ]
