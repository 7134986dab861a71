"""Runs the Autobahn|Testsuite fuzzing client against `trackside serve --enable-echo` and prints
a summary (see docs/CONFORMANCE.md). Usage, from the repository root:

    .venv/bin/python Tests/Conformance/run_autobahn.py [--cases '12.*' …] [--exclude '…'] [--out DIR]

Without --cases every case (1.* to 13.*) runs: about 21 minutes on an idle 2-core machine, far
longer on a loaded one. Reports (HTML and JSON per case) go to --out, a temporary folder by
default; nothing is written inside the repository."""
import argparse
import collections
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]


def start_server(binary):
    process = subprocess.Popen([str(binary), "serve", "--port", "0", "--enable-echo", "--max-message-size",
                                str(16 << 20), "--public", str(ROOT / "Public")],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = process.stdout.readline()
    match = re.search(r"listening on http://(\S+):(\d+)", line)
    if not match:
        process.kill()
        sys.exit(f"trackside did not start: {line}")
    return process, int(match.group(2))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", nargs="+", default=["*"])
    parser.add_argument("--exclude", nargs="*", default=[])
    parser.add_argument("--out", type=pathlib.Path)
    parser.add_argument("--binary", type=pathlib.Path)
    args = parser.parse_args()
    binary = args.binary or pathlib.Path(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                                                         capture_output=True, text=True).stdout.strip()) / "trackside"
    out = args.out or pathlib.Path(tempfile.mkdtemp(prefix="autobahn-"))
    out.mkdir(parents=True, exist_ok=True)
    server, port = start_server(binary)
    try:
        spec = {"outdir": str(out), "servers": [{"agent": "trackside", "url": f"ws://127.0.0.1:{port}/echo"}],
                "cases": args.cases, "exclude-cases": args.exclude, "exclude-agent-cases": {}}
        (out / "spec.json").write_text(json.dumps(spec))
        started = time.monotonic()
        subprocess.run([str(ROOT / ".venv-autobahn" / "bin" / "wstest"), "-m", "fuzzingclient", "-s",
                        str(out / "spec.json")], cwd=out, check=True, stdout=subprocess.DEVNULL)
        elapsed = time.monotonic() - started
    finally:
        server.terminate()
        server.wait(timeout=10)
    results = json.loads((out / "index.json").read_text())["trackside"]
    counts = collections.Counter(verdict["behavior"] for verdict in results.values())
    print(f"cases {' '.join(args.cases)} (excluding {' '.join(args.exclude) or 'none'}): {len(results)} run "
          f"in {elapsed:.0f} s; reports in {out}")
    print(", ".join(f"{behavior} {count}" for behavior, count in sorted(counts.items())))
    for case, verdict in sorted(results.items(), key=lambda item: [int(p) for p in item[0].split(".")]):
        if verdict["behavior"] != "OK" or verdict["behaviorClose"] not in ("OK", "INFORMATIONAL"):
            print(f"  {case}: {verdict['behavior']} / close {verdict['behaviorClose']} "
                  f"(remote close code {verdict['remoteCloseCode']})")
    bad = [c for c, v in results.items() if "FAILED" in (v["behavior"], v["behaviorClose"])
           or "UNIMPLEMENTED" in (v["behavior"], v["behaviorClose"])]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
