#!/usr/bin/env bash
# Installs what the test suites need beyond the Swift toolchain. Idempotent: each step is
# skipped when its result is already there, so a developer can run it on every test run.
#   Debian: chromium + chromedriver (browser tests), nginx (deploy test), redis-server (the Redis client and the
#   engine/edge roles start their own), fonts for canvas text, nodejs (the Node
#   example client: it needs Node 20+, whose fetch and WebSocket it uses; bookworm's own is 18)
#   PyPI (.venv): protobuf references, WebSocket client, selenium, metrics parser
#   Python 2.7 (.venv-autobahn): the official Autobahn|Testsuite (see docs/CONFORMANCE.md)
#   Other agencies' GTFS (Tests/agencies/, not committed): the sdists of gtfs-kit, gtfsr-kit and gtfs-segments (docs/AGENCIES.md)
set -euo pipefail
cd "$(dirname "$0")/.."

apt_packages=(chromium chromium-driver fonts-dejavu-core nginx-light nodejs redis-server)
missing=()
for package in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ] || ! cmp -s Tests/requirements.txt .venv/requirements.installed; then
    echo "setup: installing Python test packages into .venv"
    python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check -r Tests/requirements.txt
    cp Tests/requirements.txt .venv/requirements.installed
fi

if [ ! -x .venv-autobahn/bin/wstest ]; then
    echo "setup: installing the Autobahn testsuite (Python 2.7) into .venv-autobahn"
    python2=$(ls /root/.pyenv/versions/2.7*/bin/python2.7 2>/dev/null | head -n 1)
    [ -n "$python2" ] || { echo "setup: no CPython 2.7 under pyenv; cannot run Autobahn" >&2; exit 1; }
    .venv/bin/pip install -q --disable-pip-version-check "virtualenv<20.22"
    .venv/bin/python -m virtualenv -q -p "$python2" .venv-autobahn
    .venv-autobahn/bin/pip install -q setuptools==44.0.0 txaio==2.1.0 incremental==16.10.1 pyOpenSSL==19.1.0 \
        cryptography==3.3.2 Twisted==19.10.0 zope.interface==4.6.0 jinja2==2.11.3 markupsafe==1.1.1 Werkzeug==1.0.1 \
        klein==17.10.0 service_identity==18.1.0 unittest2==1.1.0 six==1.16.0 "autobahn[accelerate,twisted]==0.10.9"
    .venv-autobahn/bin/pip install -q autobahntestsuite==25.10.1
fi

# Other agencies' real data, from the PyPI source distributions that ship it (the wheels do not):
# gtfs-kit 13.0.1 has Cairns (Sunbus, Queensland), gtfsr-kit 8.0.1 Auckland's GTFS and ten
# TripUpdates recordings (as JSON, turned into protobuf here with the reference bindings).
agencies=Tests/agencies
if [ ! -f "$agencies/.complete" ]; then
    echo "setup: fetching other agencies' GTFS (gtfs-kit 13.0.1, gtfsr-kit 8.0.1 sdists) into $agencies"
    rm -rf "$agencies" && mkdir -p "$agencies/sdist" "$agencies/auckland-rt"
    .venv/bin/pip download -q --disable-pip-version-check --no-deps --no-binary :all: -d "$agencies/sdist" \
        gtfs-kit==13.0.1 gtfsr-kit==8.0.1
    tar -xzf "$agencies/sdist/gtfs_kit-13.0.1.tar.gz" -C "$agencies" --strip-components=2 \
        gtfs_kit-13.0.1/data/cairns_gtfs.zip
    tar -xzf "$agencies/sdist/gtfsr_kit-8.0.1.tar.gz" -C "$agencies" --strip-components=2 \
        gtfsr_kit-8.0.1/data/test_gtfs.zip gtfsr_kit-8.0.1/data/test_gtfsr
    mv "$agencies/test_gtfs.zip" "$agencies/auckland_gtfs.zip"
    .venv/bin/python - "$agencies" <<'PY'
import json, pathlib, sys
from google.protobuf import json_format
from google.transit import gtfs_realtime_pb2
folder = pathlib.Path(sys.argv[1])
for path in sorted((folder / "test_gtfsr").glob("*.json")):
    message = json_format.ParseDict(json.loads(path.read_text()), gtfs_realtime_pb2.FeedMessage())
    (folder / "auckland-rt" / (path.stem + ".pb")).write_bytes(message.SerializeToString())
PY
    touch "$agencies/.complete"
fi
# gtfs-segments 2.1.7 (MIT) ships, as its test data, the University of Michigan Transportation Services'
# published GTFS of Ann Arbor's campus buses (2021-12-19 to 2022-04-30, America/Detroit). Pinned by hash.
if [ ! -f "$agencies/annarbor_gtfs.zip" ]; then
    echo "setup: fetching Ann Arbor's GTFS (gtfs-segments 2.1.7 sdist) into $agencies"
    mkdir -p "$agencies/sdist"
    .venv/bin/pip download -q --disable-pip-version-check --no-deps --no-binary :all: -d "$agencies/sdist" \
        gtfs-segments==2.1.7
    echo "47a457d5a2f1d126a7f1cc492a838f213fb43b0f52dc55d3417f3e397657979e  $agencies/sdist/gtfs_segments-2.1.7.tar.gz" \
        | sha256sum --check --quiet
    tar -xzf "$agencies/sdist/gtfs_segments-2.1.7.tar.gz" -O \
        "gtfs_segments-2.1.7/test/data/Ann Arbor-University of Michigan Transit Services-MI/gtfs.zip" \
        > "$agencies/annarbor_gtfs.zip.part"
    mv "$agencies/annarbor_gtfs.zip.part" "$agencies/annarbor_gtfs.zip"
fi
