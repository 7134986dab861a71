"""Shared fixtures for the end-to-end suites: the built binary and the real data folder."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def trackside_bin() -> pathlib.Path:
    """The debug `trackside` binary that `swift build` produced (Tests/run.sh builds it first)."""
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
    path = pathlib.Path(bin_dir) / "trackside"
    assert path.exists(), f"{path} is missing: run `swift build` first"
    return path


@pytest.fixture(scope="session")
def shared_data() -> pathlib.Path:
    """../shared/data: the real NYC feeds. Present in CI, where its absence is a failure."""
    path = ROOT.parent / "shared" / "data"
    if not path.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing in CI")
        pytest.skip(f"{path} is absent: real-data tests need ../shared/data")
    return path
