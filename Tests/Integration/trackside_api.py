"""Small REST helpers shared by the browser suites and the screenshot script."""
import json
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
