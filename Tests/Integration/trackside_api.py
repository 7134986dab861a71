"""Small REST helpers, replay folders and a local feed publisher shared by the browser suites, the push and bus stop
suites and the screenshot script."""
import http.server
import json
import pathlib
import shutil
import threading
import time
import urllib.error
import urllib.request

# Replay of recorded MTA feeds (1–6 and S lines, 2016-05-11) on the 2018 static GTFS, looped: trains run in
# Manhattan at any hour. Paths are relative to ../shared/data.
REPLAY = "gtfs-rt-samples/nyct-subway/replay/2016-05-11_123456S_2-snapshots-39s"
GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
# Manhattan stations of those lines, busiest first: Times Sq, Grand Central, Union Sq, 14 St, 96 St, 72 St.
BUSY_STATIONS = ("127", "631", "635", "132", "120", "123", "626", "629")


def replay_args(shared_data):
    """`trackside serve` arguments for the replay above."""
    return ["--source", f"replay:{shared_data / REPLAY}", "--gtfs", str(shared_data / GTFS), "--replay-loop"]


# One snapshot of each of the seven subway feeds (2024-01-20, 19:04–19:08) on the 2018 static GTFS: the whole
# network at once, for whole-city views. Replayed fast and looped, so every feed is in within a second or two.
FULL_NETWORK_REPLAY = "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"


def full_network_args(shared_data):
    """`trackside serve` arguments for the full-network replay."""
    # Each feed was fetched once, the seven within 4 minutes: a feed is current until the recording's last file,
    # so the staleness threshold spans the recording (the default 90 s would mark the first feeds stale).
    return ["--source", f"replay:{shared_data / FULL_NETWORK_REPLAY}", "--gtfs", str(shared_data / GTFS),
            "--replay-speed", "100", "--replay-loop", "--stale-after", "600"]


# New York City, Tottenville to the north Bronx and the Hudson to Nassau: about 48 km each way.
NEW_YORK_CITY = (-74.26, 40.49, -73.70, 40.92)


# The 7 train's four snapshots, 30 s apart from 11:28:25 (2019-06-01). Relative to ../shared/data.
SEVEN_TRAIN_REPLAY = "gtfs-rt-samples/nyct-subway/replay/2019-06-01_7-train_4-snapshots-30s"


def seven_train_replay_with_bad_files(shared_data, folder):
    """A copy of the 7-train replay in `folder` with garbage (at 11:28:35) and a truncated copy of the first snapshot
    (at 11:28:45) between its first two snapshots: the feed is stale from 10 s to 30 s of feed time into each round."""
    shutil.copytree(shared_data / SEVEN_TRAIN_REPLAY, folder)
    (folder / "feed51-7_20190601T112835.pb").write_bytes(b"\x0a\xff\xff\xff\xff garbage")
    first = sorted(folder.glob("feed51-7_*.pb"))[0].read_bytes()
    (folder / "feed51-7_20190601T112845.pb").write_bytes(first[: len(first) // 2])
    return folder


class LocalPublisher:
    """A stand-in for a feed publisher on 127.0.0.1 (the tests contact no other host): answers `body` (which a test
    may replace at any time) with a 200 to the paths `serves` accepts (with `content_type`, when given), a 404 without
    a body to the rest, and records every path asked for (and each request's headers, in `headers`). A context
    manager."""

    def __init__(self, body, serves, content_type=None):
        self.body = body
        self.requests = []
        self.headers = []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                owner.headers.append(self.headers)
                owner.requests.append(self.path)
                payload = owner.body if serves(self.path) else None
                self.send_response(404 if payload is None else 200)
                if payload is not None and content_type:
                    self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(payload or b"")))
                self.end_headers()
                self.wfile.write(payload or b"")

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def get_json(server, path):
    with urllib.request.urlopen(server.base_url + path, timeout=10) as response:
        return json.load(response)


def get_with_status(server, path):
    """(HTTP status, JSON body) of a GET, error answers included (the API's errors are JSON)."""
    try:
        with urllib.request.urlopen(server.base_url + path, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def arrival_groups(details):
    """The arrival groups of a `/api/stations/{id}` answer."""
    arrivals = details.get("arrivals")
    return arrivals.get("groups", []) if isinstance(arrivals, dict) else arrivals or []


def station_with_arrivals(server, timeout=15.0):
    """The first busy station that has arrivals: its GeoJSON feature and its groups, or (None, []) when
    none has any within `timeout` seconds (a server just started may not have placed its first feed yet)."""
    features = {f["properties"]["id"]: f for f in get_json(server, "/api/stations")["features"]}
    deadline = time.monotonic() + timeout
    while True:
        for station in BUSY_STATIONS:
            if station in features:
                groups = arrival_groups(get_json(server, f"/api/stations/{station}"))
                if groups:
                    return features[station], groups
        if time.monotonic() > deadline:
            return None, []
        time.sleep(0.25)


def fetch(server, path, headers=None, method="GET"):
    """(HTTP status, headers, body bytes) of a request, error answers included."""
    request = urllib.request.Request(server.base_url + path, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


# The example clients (examples/), which the tests run against real servers.
ROOT_EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
