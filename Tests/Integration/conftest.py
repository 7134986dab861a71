"""Shared fixtures for the end-to-end suites: the built binary, the real data folder, running servers."""
import json
import os
import pathlib
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request

import pytest

import openapi_responses

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Every REST answer a suite reads through urllib is checked against docs/openapi.json (openapi_responses).
openapi_responses.install()


@pytest.fixture(scope="session")
def trackside_bin() -> pathlib.Path:
    """The debug `trackside` binary that `swift build` produced (Tests/run.sh builds it first)."""
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
    path = pathlib.Path(bin_dir) / "trackside"
    assert path.exists(), f"{path} is missing: run `swift build` first"
    return path


@pytest.fixture(scope="session")
def trackside_bench_bin(trackside_bin) -> pathlib.Path:
    """The debug `trackside-bench` binary (benchmarks and bench servers), built beside `trackside`."""
    path = trackside_bin.parent / "trackside-bench"
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


class TracksideServer:
    """A running `trackside serve`: its base URL, host, port and log (stdout and stderr together)."""

    LISTENING = re.compile(r"trackside: listening on (http://(\S+):(\d+))")

    def __init__(self, binary, args, log_dir, env=None, start_timeout=30.0, port=0, command="serve", preexec_fn=None):
        self.log_path = pathlib.Path(log_dir) / f"trackside-{os.getpid()}-{time.monotonic_ns()}.log"
        self._log = open(self.log_path, "wb")
        self.args = [*([command] if command else []), "--port", str(port), *args]
        self.process = subprocess.Popen([str(binary), *self.args], cwd=ROOT, stdout=self._log,
                                        stderr=subprocess.STDOUT, env=env, preexec_fn=preexec_fn)
        deadline = time.monotonic() + start_timeout
        while True:
            match = self.LISTENING.search(self.log())
            if match:
                self.base_url, self.host, self.port = match.group(1), match.group(2), int(match.group(3))
                return
            if self.process.poll() is not None:
                raise AssertionError(f"trackside {' '.join(self.args)} exited with {self.process.returncode}:\n{self.log()}")
            if time.monotonic() > deadline:
                self.process.kill()
                raise AssertionError(f"trackside did not print its listening line in {start_timeout} s:\n{self.log()}")
            time.sleep(0.02)

    def wait_ready(self, timeout=30.0):
        """Polls GET /readyz until it answers 200 (static data loaded, every feed reported fresh); returns its
        body. Fails with the last answer (which names each feed that is not ready and why) after `timeout` s."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(self.base_url + "/readyz", timeout=10) as response:
                    return json.load(response)
            except urllib.error.HTTPError as error:
                last = f"{error.code} {error.read().decode(errors='replace')}"
            if self.process.poll() is not None:
                raise AssertionError(f"trackside exited with {self.process.returncode} before ready:\n{self.log()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"trackside was not ready within {timeout} s: {last}")
            time.sleep(0.1)

    def log(self) -> str:
        """Everything the server printed so far."""
        return self.log_path.read_text(errors="replace")

    def stop(self, timeout=5.0) -> int:
        """SIGTERM, then assert the process exits within `timeout` seconds; returns its status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                raise AssertionError(f"trackside did not exit within {timeout} s of SIGTERM:\n{self.log()}")
        self._log.close()
        return self.process.returncode


@pytest.fixture
def start_trackside(trackside_bin, tmp_path):
    """Factory: `start_trackside("--source", "replay:…")` starts `trackside serve --port 0 <args>`,
    waits for its listening line and returns a TracksideServer. `port=N` binds a given port instead
    (to restart a server where its clients expect it); `command=None` leaves out the word `serve`,
    as `swift run trackside` does. `wait_ready=True` also waits until GET /readyz answers 200: every
    feed has delivered a first good report, so tests need not race the first tick. `preexec_fn` runs in
    the child before it starts (to set its resource limits, say). Every server
    started is stopped with SIGTERM at teardown, which must exit 0 within 5 s."""
    servers = []

    def start(*args, env=None, start_timeout=30.0, port=0, command="serve", wait_ready=False, preexec_fn=None):
        server = TracksideServer(trackside_bin, [str(a) for a in args], tmp_path, env=env,
                                 start_timeout=start_timeout, port=port, command=command, preexec_fn=preexec_fn)
        servers.append(server)
        if wait_ready:
            server.wait_ready(timeout=start_timeout)
        return server

    start.servers = servers
    yield start
    for server in servers:
        status = server.stop()
        assert status == 0, f"trackside exited with {status}:\n{server.log()}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    """Mismatches seen before this test (another test's teardown) are not this test's."""
    openapi_responses.take()
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A test that passed but read a REST answer disagreeing with docs/openapi.json fails, saying which."""
    result = yield
    mismatches = openapi_responses.take()
    if mismatches:
        shown = "\n  ".join(mismatches[:20]) + (f"\n  … and {len(mismatches) - 20} more" if len(mismatches) > 20 else "")
        raise AssertionError(f"{len(mismatches)} REST answer(s) disagree with docs/openapi.json:\n  {shown}")
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing test's report carries the end of every server log it started: a failure that shows up
    once in a CI run must be explainable from that run's output alone."""
    report = yield
    start = item.funcargs.get("start_trackside") if report.failed else None
    for server in getattr(start, "servers", []):
        lines = server.log().splitlines()
        report.sections.append((f"trackside log (port {server.port}, last 60 lines)", "\n".join(lines[-60:])))
    return report


@pytest.fixture
def trackside_server(start_trackside):
    """A `trackside serve --port 0` with default options."""
    return start_trackside()


@pytest.fixture
def redis_server():
    """A redis-server of the test's own on 127.0.0.1 (redis_server.py), stopped after the test."""
    from redis_server import RedisServer
    with RedisServer() as server:
        yield server


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium (SwiftShader WebGL2) for the browser suites, with a 1024x768 viewport and
    `prefers-reduced-motion: reduce`, so that vehicles are drawn exactly where the server placed them."""
    import headless_chromium
    if not headless_chromium.available():
        if os.environ.get("CI"):
            pytest.fail("chromium and chromedriver are missing in CI (Tests/setup.sh installs them)")
        pytest.skip("chromium and chromedriver are not installed: run Tests/setup.sh")
    driver = headless_chromium.start(1024, 768, reduced_motion=True)
    yield driver
    driver.quit()


@pytest.fixture
def replay_server(start_trackside, shared_data):
    """`trackside serve` replaying recorded MTA feeds (trackside_api.replay_args), for the browser suites."""
    from trackside_api import replay_args
    return start_trackside(*replay_args(shared_data), wait_ready=True)
