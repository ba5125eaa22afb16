#!/usr/bin/env bash
# Runs `npm test` N times (default 10) on this checkout while two busy loops keep two cores loaded, as a
# loaded CI machine would be, and prints each run's result, the failing tests and the totals.
#   scripts/soak-tests.sh [runs]        (or: npm run test:soak -- [runs])
# Exit status: 0 when every run passed.
set -u
cd "$(dirname "$0")/.."

runs="${1:-10}"
case "$runs" in
  '' | *[!0-9]* | 0)
    echo "usage: scripts/soak-tests.sh [runs]  (runs: a whole number of 1 or more, default 10)" >&2
    exit 2
    ;;
esac

logs="$(mktemp -d "${TMPDIR:-/tmp}/clickreel-soak-XXXXXX")"
busy=()
stop_busy() {
  # Only the loops this script started, by their ids.
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
}
trap stop_busy EXIT
trap 'exit 130' INT TERM
for _ in 1 2; do
  (while :; do :; done) &
  busy+=("$!")
done
echo "soak: $runs runs of npm test with two busy loops (pids ${busy[*]}); logs in $logs"

passed=0
failed=0
failures=()
for run in $(seq 1 "$runs"); do
  began=$(date +%s)
  if npm test >"$logs/run-$run.log" 2>&1; then status=pass; passed=$((passed + 1)); else status=FAIL; failed=$((failed + 1)); fi
  seconds=$(($(date +%s) - began))
  # The failing tests, from vitest's JSON report (npm test writes it), else the step npm test stopped at.
  names="$(node -e '
    const fs = require("node:fs");
    try {
      const report = JSON.parse(fs.readFileSync("dist/test-report.json", "utf8"));
      for (const file of report.testResults)
        for (const test of file.assertionResults)
          if (test.status === "failed") console.log(`${file.name.replace(process.cwd() + "/", "")} > ${test.fullName}`);
    } catch {}
  ' 2>/dev/null)"
  if [ "$status" = FAIL ] && [ -z "$names" ]; then
    names="$(grep -m1 '^npm test failed at:' "$logs/run-$run.log" || echo 'npm test failed (see the log)')"
  fi
  summary="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$logs/run-$run.log" | tail -1)"
  echo "run $run/$runs: $status in ${seconds}s (${summary:-no test counts}) log $logs/run-$run.log"
  if [ -n "$names" ]; then
    while IFS= read -r name; do
      echo "  failed: $name"
      failures+=("run $run: $name")
    done <<<"$names"
  fi
done

echo
echo "soak: $passed of $runs runs passed, $failed failed"
for failure in "${failures[@]}"; do echo "  $failure"; done
[ "$failed" -eq 0 ]
