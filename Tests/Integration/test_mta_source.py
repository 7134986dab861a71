"""Live MTA pollers (`record --source mta`, `serve --source mta`) against a local HTTP server on 127.0.0.1
that serves recorded feeds, then 500s, timeouts, truncated and garbage bodies and 304s."""
import http.server
import subprocess
import gzip
import threading
import time
import zipfile

import json
import urllib.error
import urllib.request

import pytest
from google.transit import gtfs_realtime_pb2
from prometheus_client.parser import text_string_to_metric_families

from trackside_api import get_json

FEEDS = "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"
ALERTS = "alerts/mta_subway_alerts_20240120T185938.pb"  # what camsys%2Fsubway-alerts served that day
GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
MANHATTAN = "-74.03,40.69,-73.90,40.88"  # lower and upper Manhattan: many trains of every recorded feed


class FeedServer:
    """Answers /mtagtfsfeeds/<path> by feed: what each feed does is set per test; every request is logged
    with its time and conditional headers."""

    def __init__(self, shared_data):
        self.bodies = {path.name.split("_")[0]: path.read_bytes() for path in (shared_data / FEEDS).glob("*.pb")}
        self.bodies["subway-alerts"] = (shared_data / ALERTS).read_bytes()
        self.requests = []
        self.static_zip = None  # bytes of the static GTFS zip, or None for a 500
        self.answer = None  # when set, answer(feed, count, handler) replaces the per-feed behaviour below
        self.lock = threading.Lock()
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                # nyct%2Fgtfs-ace → ace; nyct%2Fgtfs (the numbered lines) → 1234567; camsys%2Fsubway-alerts.
                feed = self.path.rsplit("%2F", 1)[-1].removeprefix("gtfs-").replace("gtfs", "1234567")
                with owner.lock:
                    count = sum(1 for r in owner.requests if r["feed"] == feed)
                    owner.requests.append({"feed": feed, "at": time.monotonic(),
                                           "if_none_match": self.headers.get("If-None-Match"),
                                           "if_modified_since": self.headers.get("If-Modified-Since")})
                owner.behaviour(feed, count, self)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/mtagtfsfeeds/"

    def behaviour(self, feed, count, handler):
        if self.answer and not handler.path.endswith("/gtfs_subway.zip"):
            return self.answer(feed, count, handler)
        body = self.bodies.get(feed)
        if handler.path.endswith("/gtfs_subway.zip"):
            return self.reply(handler, 200 if self.static_zip else 500, self.static_zip or b"down")
        if feed == "ace":  # good once, then 304 to the conditional requests
            if handler.headers.get("If-None-Match") == '"ace-1"':
                return self.reply(handler, 304, b"")
            return self.reply(handler, 200, body, {"ETag": '"ace-1"', "Last-Modified": "Sat, 20 Jan 2024 19:06:32 GMT"})
        if feed == "bdfm":  # good once, then HTTP 500 for ever
            return self.reply(handler, 200, body) if count == 0 else self.reply(handler, 500, b"oops")
        if feed == "g":  # good once, then garbage with a 200
            return self.reply(handler, 200, body if count == 0 else b"\x0a\xff\xff\xff\xff garbage")
        if feed == "jz":  # good once, then never answers in time
            if count > 0:
                time.sleep(4)
            return self.reply(handler, 200, body)
        if feed == "nqrw":  # good once, then a body cut short of its Content-Length
            if count == 0:
                return self.reply(handler, 200, body)
            handler.send_response(200)
            handler.send_header("Content-Length", str(len(body)))
            handler.end_headers()
            handler.wfile.write(body[: len(body) // 2])
            handler.wfile.flush()
            handler.close_connection = True
            return None
        if body is not None:
            return self.reply(handler, 200, body)
        return self.reply(handler, 404, b"no such feed")

    @staticmethod
    def reply(handler, status, body, headers=None):
        handler.send_response(status)
        for name, value in (headers or {}).items():
            handler.send_header(name, value)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    def live(self, feed):
        """The recorded snapshot of `feed` as if published now: its header timestamp set to this second."""
        message = gtfs_realtime_pb2.FeedMessage()
        message.ParseFromString(self.bodies[feed])
        message.header.timestamp = int(time.time())
        return message.SerializeToString()

    def requested(self):
        """The feeds asked for so far."""
        with self.lock:
            return {r["feed"] for r in self.requests}

    def times(self, feed):
        with self.lock:
            return [r["at"] for r in self.requests if r["feed"] == feed]

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def feed_server(shared_data):
    server = FeedServer(shared_data)
    yield server
    server.close()


def poll_args(feed_server):
    # Long enough for a good answer on a busy machine, shorter than the publisher's 4 s hang.
    return ["--subway-base", feed_server.base, "--subway-interval", "1", "--alerts-interval", "1",
            "--fetch-timeout", "2.5"]


def test_record_writes_raw_responses_backs_off_and_replays(trackside_bin, feed_server, shared_data, tmp_path,
                                                           start_trackside):
    out = tmp_path / "recording"
    env = {"PATH": "/usr/bin:/bin"}  # no MTA_BUS_TIME_KEY: buses skipped with one line
    result = subprocess.run([str(trackside_bin), "record", "--source", "mta", "--out", str(out), "--duration", "9s",
                             *poll_args(feed_server)], capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("MTA_BUS_TIME_KEY is not set") == 1

    files = sorted(out.iterdir())
    by_feed = {}
    for path in files:
        by_feed.setdefault(path.name.split("_")[0], []).append(path)
    # Conditional GET: the first answer is recorded, the 304s that follow write nothing.
    assert len(by_feed["ace"]) == 1 and by_feed["ace"][0].read_bytes() == feed_server.bodies["ace"]
    with feed_server.lock:
        ace = [r for r in feed_server.requests if r["feed"] == "ace"]
    assert len(ace) >= 5
    assert ace[0]["if_none_match"] is None
    assert all(r["if_none_match"] == '"ace-1"' and r["if_modified_since"] == "Sat, 20 Jan 2024 19:06:32 GMT"
               for r in ace[1:])
    # 500s: recorded empty, and retried ever later (1 s interval, then about 2, 4 s).
    bdfm = feed_server.times("bdfm")
    gaps = [b - a for a, b in zip(bdfm, bdfm[1:])]
    assert 3 <= len(bdfm) <= 4, gaps
    assert gaps[0] < 1.6 and gaps[1] >= 1.9 and (len(gaps) < 3 or gaps[2] >= 3.9), gaps
    assert by_feed["bdfm"][0].read_bytes() == feed_server.bodies["bdfm"]
    assert all(path.stat().st_size == 0 for path in by_feed["bdfm"][1:])
    # Garbage with a 200 is the publisher's answer: recorded as it came, no backoff. (Backing off would
    # allow at most 4 fetches in the 9 s: at 0, 1, 3 and 7 s; a loaded machine may start late, so not 8.)
    assert len(feed_server.times("g")) >= 5
    assert any(path.read_bytes().endswith(b"garbage") for path in by_feed["g"])
    # Timeouts and truncated bodies are failures: backed off, recorded empty.
    assert 2 <= len(feed_server.times("jz")) <= 4
    assert 2 <= len(feed_server.times("nqrw")) <= 4
    assert all(path.stat().st_size == 0 for path in by_feed["nqrw"][1:])
    # The feeds not served are 404s; no file is named after anything but a known feed.
    assert set(by_feed) <= {"ace", "bdfm", "g", "jz", "nqrw", "l", "1234567", "si", "subway-alerts"}

    # The recording plays back through the replay source. The served bodies are 2024 snapshots (their header
    # times order the replay, the alerts 5 minutes before the first trains: 1000x plays them in under a second); the
    # failures, timed by their file names, come two years later and are not waited for.
    server = start_trackside("--source", f"replay:{out}", "--gtfs", str(shared_data / GTFS), "--replay-speed", "1000")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        feeds = {feed["id"]: feed for feed in get_json(server, "/api/feeds")["feeds"]}
        if {"ace", "bdfm", "1234567", "l"} <= set(feeds):
            break
        time.sleep(0.3)
    assert all(feeds.get(feed, {}).get("accepted", 0) >= 1 for feed in ("ace", "bdfm", "1234567", "l")), feeds
    vehicles = get_json(server, f"/api/vehicles?bbox={MANHATTAN}")
    assert len(vehicles["vehicles"]) > 50


def test_serve_mta_without_static_gtfs_or_cache_fails_clearly(trackside_bin, feed_server, tmp_path):
    result = subprocess.run([str(trackside_bin), "serve", "--port", "0", "--source", "mta", "--cache", str(tmp_path),
                             "--static-gtfs-url", feed_server.base + "gtfs_subway.zip", *poll_args(feed_server)],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert "cannot download the static GTFS" in result.stderr and "HTTP 500" in result.stderr


def test_serve_mta_keeps_last_good_data_and_marks_failing_feeds_stale(feed_server, start_trackside, shared_data,
                                                                      tmp_path):
    # The static GTFS is downloaded as a zip (made here from the shared folder) into the cache.
    archive = tmp_path / "static.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in (shared_data / GTFS).iterdir():  # shapes and trips are stored gzipped
            text = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
            zipped.writestr(path.name.removesuffix(".gz"), text)
    feed_server.static_zip = archive.read_bytes()
    cache = tmp_path / "cache"
    # A 3 s timeout: a loaded machine must not time the good first answers out (jz's hang is 4 s).
    server = start_trackside("--source", "mta", "--cache", str(cache), "--static-gtfs-url",
                             feed_server.base + "gtfs_subway.zip", "--subway-base", feed_server.base,
                             "--subway-interval", "1", "--alerts-interval", "1", "--fetch-timeout", "3",
                             env={"PATH": "/usr/bin:/bin"})
    assert (cache / "subway-gtfs.zip").read_bytes() == feed_server.static_zip
    config = get_json(server, "/api/config")
    assert config["source"] == "mta"

    def settled():
        """Every failing feed has failed after its good answer, and the repeats have been seen."""
        feeds = {feed["id"]: feed for feed in get_json(server, "/api/feeds")["feeds"]}
        ready = all(feeds.get(f, {}).get("failures", 0) >= 1 for f in ("bdfm", "g", "nqrw", "jz"))
        return feeds if ready and feeds.get("l", {}).get("duplicates", 0) >= 2 else None
    wait_until(settled, 30, "every failing feed failing and the L feed repeated")
    feeds = settled()
    for failing in ("bdfm", "g", "nqrw"):
        assert feeds[failing]["accepted"] == 1, feeds[failing]
        assert feeds[failing]["stale"] is True and feeds[failing]["failure"], feeds[failing]
        assert feeds[failing]["failures"] >= 1
    # 304s neither fail nor count as new data.
    assert feeds["ace"]["accepted"] == 1 and feeds["ace"]["failures"] == 0 and feeds["ace"]["failure"] is None
    assert feeds["l"]["failure"] is None
    # The same snapshot served every second: its header timestamp repeats, so it is counted, not re-applied.
    assert feeds["l"]["accepted"] == 1 and feeds["l"]["duplicates"] >= 2
    # The alerts feed is decoded as alerts (Mercury extension), not refused as a feed without vehicles.
    assert feeds["subway-alerts"]["accepted"] == 1 and feeds["subway-alerts"]["failure"] is None
    vehicles = get_json(server, f"/api/vehicles?bbox={MANHATTAN}")["vehicles"]
    assert len(vehicles) > 50, "failing feeds must not blank the map"
    assert "MTA_BUS_TIME_KEY is not set" in server.log()
    assert "kept the last good data" in server.log()

    # /metrics counts each failure by kind: the 500s, the garbage, the hung and the truncated answers,
    # and the 2024 snapshots served again today (good feeds, but older than their stale threshold).
    with urllib.request.urlopen(server.base_url + "/metrics", timeout=10) as response:
        families = {f.name: f for f in text_string_to_metric_families(response.read().decode())}
    errors = {(s.labels["feed"], s.labels["kind"]): s.value for s in families["trackside_feed_errors"].samples}
    fetches = {s.labels["feed"]: s.value for s in families["trackside_feed_fetches"].samples}
    kinds = ("http", "timeout", "network", "decode", "empty", "stale")
    def failed(feed):
        return {kind for kind in kinds if errors[feed, kind] > 0}
    # A loaded machine may also time a slow answer out (1 s): the kinds each feed must show, and those
    # only a bad answer can cause.
    assert {"http", "stale"} <= failed("bdfm") and {"decode", "stale"} <= failed("g")
    assert {"timeout", "stale"} <= failed("jz") and {"network", "stale"} <= failed("nqrw")
    assert failed("ace") - {"timeout", "network"} == {"stale"} and errors["l", "decode"] == errors["l", "http"] == 0
    assert 3 <= errors["l", "stale"] <= fetches["l"]
    http = {(s.labels["feed"], s.labels["code"]): s.value for s in families["trackside_feed_http_errors"].samples}
    assert set(http) == {("bdfm", "500"), ("si", "404")}
    # ace: one document, then 304s that confirm it (its bytes are those of the one document).
    assert fetches["ace"] >= 3 and {s.labels["feed"]: s.value for s in families["trackside_feed_bytes"].samples}[
        "ace"] == len(feed_server.bodies["ace"])


EXPECTED_FEEDS = ["ace", "bdfm", "g", "jz", "nqrw", "l", "1234567", "si", "subway-alerts"]


def readyz(server):
    try:
        with urllib.request.urlopen(server.base_url + "/readyz", timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def wait_until(condition, timeout, what):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {timeout} s"
        time.sleep(0.1)


def test_readyz_waits_for_every_feed_and_names_each_failure(feed_server, start_trackside, shared_data):
    """Not ready while the first fetches are in flight, ready once every feed has a fresh good report, and
    not ready again (saying why) while one feed fails; /api/feeds keeps the last failure after recovery."""
    released = threading.Event()
    failing = set()

    def answer(feed, count, handler):
        released.wait(60)
        if feed in failing:
            return feed_server.reply(handler, 500, b"oops")
        # Staten Island is not in the recording: it gets the L train's snapshot under its name.
        return feed_server.reply(handler, 200, feed_server.live(feed if feed in feed_server.bodies else "l"))

    feed_server.answer = answer
    server = start_trackside("--source", "mta", "--gtfs", shared_data / GTFS, "--subway-base", feed_server.base,
                             "--subway-interval", "1", "--alerts-interval", "1", "--fetch-timeout", "30",
                             env={"PATH": "/usr/bin:/bin"})
    wait_until(lambda: feed_server.requested() >= set(EXPECTED_FEEDS), 20, "every feed requested")
    status, body = readyz(server)
    assert status == 503 and body["ready"] is False and body["static"] is True, body
    assert [(f["id"], f["ready"], f["reason"]) for f in body["feeds"]] == [
        (feed, False, "never fetched") for feed in EXPECTED_FEEDS]
    assert body["stale"] == EXPECTED_FEEDS

    released.set()
    body = server.wait_ready(timeout=30)
    assert body["ready"] is True and body["stale"] == [] and [f["id"] for f in body["feeds"]] == EXPECTED_FEEDS
    assert all(f["ready"] and f["reason"] is None and 0 <= f["age"] < 90 for f in body["feeds"]), body

    failing.add("bdfm")
    failed_after = time.time()
    wait_until(lambda: readyz(server)[0] == 503, 20, "bdfm's HTTP 500 reported by /readyz")
    status, body = readyz(server)
    reasons = {f["id"]: f["reason"] for f in body["feeds"]}
    assert reasons == {**{feed: None for feed in EXPECTED_FEEDS}, "bdfm": "failing: HTTP 500"}, body
    assert body["stale"] == ["bdfm"]
    bdfm = {f["id"]: f for f in get_json(server, "/api/feeds")["feeds"]}["bdfm"]
    assert bdfm["stale"] is True and bdfm["failure"] == "HTTP 500"
    assert bdfm["last_failure"]["reason"] == "HTTP 500" and failed_after - 1 <= bdfm["last_failure"]["at"] <= time.time()

    failing.clear()
    server.wait_ready(timeout=30)
    bdfm = {f["id"]: f for f in get_json(server, "/api/feeds")["feeds"]}["bdfm"]
    assert bdfm["stale"] is False and bdfm["failure"] is None
    assert bdfm["last_failure"]["reason"] == "HTTP 500", "the last failure stays on record after recovery"
    status_page = urllib.request.urlopen(server.base_url + "/status", timeout=10).read().decode()
    assert "HTTP 500" in status_page


def test_shutdown_cancels_fetches_in_flight(feed_server, start_trackside, shared_data):
    """A publisher that never answers must not hold SIGTERM for the 10 s fetch timeout: exit within 5 s."""
    feed_server.answer = lambda feed, count, handler: time.sleep(30)
    server = start_trackside("--source", "mta", "--gtfs", shared_data / GTFS, "--subway-base", feed_server.base,
                             "--fetch-timeout", "10", env={"PATH": "/usr/bin:/bin"})
    wait_until(lambda: feed_server.requested() >= set(EXPECTED_FEEDS), 20, "every feed requested")
    started = time.monotonic()
    assert server.stop(timeout=5) == 0, server.log()
    assert time.monotonic() - started < 5
