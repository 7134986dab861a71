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
.venv/bin/python -m pytest Tests/Integration -q -p no:cacheprovider
