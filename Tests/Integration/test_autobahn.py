"""The official Autobahn|Testsuite against `trackside serve --enable-echo` (see docs/CONFORMANCE.md).

Every run covers cases 1.* to 10.* and a permessage-deflate sample: 12.1.1–12.1.5 (1000 messages
of 16 B to 4 KiB each), 12.1.11 (compressed messages fragmented into 256-byte frames) and the first
case of each 13.* group (every negotiation variant: context takeover, window bits 9 and 15, several
offers). The full 12.* and 13.* take 20 minutes or more and are run by hand with the command in
docs/CONFORMANCE.md.
Reports go to a temporary folder; the verdicts are read from its index.json."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
WSTEST = ROOT / ".venv-autobahn" / "bin" / "wstest"
COMPRESSION_SAMPLE = ["12.1.1", "12.1.2", "12.1.3", "12.1.4", "12.1.5", "12.1.11"] + [f"13.{group}.1" for group in range(1, 8)]


@pytest.fixture
def wstest() -> pathlib.Path:
    if not WSTEST.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{WSTEST} is missing in CI (Tests/setup.sh installs it)")
        pytest.skip(f"{WSTEST} is missing: run Tests/setup.sh")
    return WSTEST


def run_fuzzing_client(wstest, port, out_dir, cases, exclude):
    spec = {"outdir": str(out_dir), "servers": [{"agent": "trackside", "url": f"ws://127.0.0.1:{port}/echo"}],
            "cases": cases, "exclude-cases": exclude, "exclude-agent-cases": {}}
    spec_path = out_dir / "spec.json"
    spec_path.write_text(json.dumps(spec))
    completed = subprocess.run([str(wstest), "-m", "fuzzingclient", "-s", str(spec_path)], cwd=out_dir,
                               capture_output=True, text=True, timeout=1800)
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    return json.loads((out_dir / "index.json").read_text())["trackside"]


def test_autobahn_core_and_compression_sample(wstest, start_trackside, tmp_path):
    server = start_trackside("--enable-echo", "--max-message-size", str(16 << 20))
    core_dir, sample_dir = tmp_path / "core", tmp_path / "compression"
    core_dir.mkdir()
    sample_dir.mkdir()
    results = run_fuzzing_client(wstest, server.port, core_dir, cases=["*"], exclude=["12.*", "13.*"])
    results.update(run_fuzzing_client(wstest, server.port, sample_dir, cases=COMPRESSION_SAMPLE, exclude=[]))
    assert len(results) > 300
    assert set(COMPRESSION_SAMPLE) <= set(results)
    bad = {case: (verdict["behavior"], verdict["behaviorClose"]) for case, verdict in results.items()
           if verdict["behavior"] in ("FAILED", "UNIMPLEMENTED")
           or verdict["behaviorClose"] in ("FAILED", "UNIMPLEMENTED")}
    assert not bad, f"Autobahn cases not passed: {bad}"
