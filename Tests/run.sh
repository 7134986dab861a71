#!/usr/bin/env bash
# The one command that runs every test: `bash Tests/run.sh`.
# Installs what the suites need (Tests/setup.sh), builds, runs the Swift unit tests, a fixed
# fuzzing run of every parser a peer or a feed reaches (Tests/Fuzz: the seeds and 5,000 mutations
# per target, the same each time), then the end-to-end suites in Tests/Integration (real servers on
# 127.0.0.1, real clients, a real browser).
set -euo pipefail
cd "$(dirname "$0")/.."

bash Tests/setup.sh
swift build
swift test
bash Tests/Fuzz/run.sh --runs 5000

# The display's memory test watches one page for ten minutes and mostly waits, so it runs beside the rest of
# the suite in a pytest of its own (its own temporary folder); the two results are told together at the end.
memory_test=Tests/Integration/test_browser_display_memory.py
memory_log=$(mktemp)
.venv/bin/python -m pytest "$memory_test" -q -p no:cacheprovider --basetemp="$memory_log.tmp" >"$memory_log" 2>&1 &
memory_pid=$!
suite_log=$(mktemp)
suite_status=0
.venv/bin/python -m pytest Tests/Integration --ignore="$memory_test" -q -p no:cacheprovider 2>&1 | tee "$suite_log" \
    || suite_status=$?
memory_status=0
wait "$memory_pid" || memory_status=$?
echo "---- $memory_test (run beside the suite) ----"
cat "$memory_log"
# One closing line for both: pytest's counts of each, added.
.venv/bin/python - "$suite_log" "$memory_log" <<'PY'
import re, sys
passed = failed = 0
for path in sys.argv[1:]:
    try:
        last = [line for line in open(path) if re.search(r"\d+ (passed|failed|error)", line)][-1:]
    except FileNotFoundError:
        last = []
    for line in last:
        passed += sum(int(n) for n in re.findall(r"(\d+) passed", line))
        failed += sum(int(n) for n in re.findall(r"(\d+) (?:failed|errors?)", line))
print(f"integration: {passed} passed, {failed} failed")
PY
rm -rf "$suite_log" "$memory_log" "$memory_log.tmp"
[ "$suite_status" -eq 0 ] && [ "$memory_status" -eq 0 ]
