"""`trackside decode` against Google's protobuf library on every real GTFS-realtime file.

Each file is compared in its own process (gtfs_rt_reference.py) because the NYCT and the
standard PyPI classes cannot share one protobuf descriptor pool.
"""
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
DATA = HERE.parents[1].parent / "shared" / "data"


def realtime_files():
    if not DATA.is_dir():
        return []
    return sorted(p.relative_to(DATA).as_posix() for p in DATA.rglob("*") if p.name.endswith((".pb", ".pb.gz")))


def test_all_samples_are_found(shared_data):
    assert len(realtime_files()) == 34


@pytest.mark.parametrize("relative", realtime_files())
def test_decode_matches_google_protobuf(trackside_bin, shared_data, relative):
    classes = "nyct" if relative.startswith("gtfs-rt-samples/nyct-subway/") else "google"
    result = subprocess.run(
        [sys.executable, str(HERE / "gtfs_rt_reference.py"), classes, str(trackside_bin), str(shared_data / relative)],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("identical:")
