#!/usr/bin/env bash
# The one command that runs every test: `bash Tests/run.sh`.
# Installs what the suites need (Tests/setup.sh), builds, runs the Swift unit tests, then the
# end-to-end suites in Tests/Integration (real servers on 127.0.0.1, real clients, a real browser).
set -euo pipefail
cd "$(dirname "$0")/.."

bash Tests/setup.sh
swift build
swift test
.venv/bin/python -m pytest Tests/Integration -q -p no:cacheprovider
