"""End to end: station boards served by `trackside serve` on the recorded 7-train replay, over REST
(`/api/stations/{id}/arrivals`) and pushed to `watch`ers over the WebSocket."""
import json
import time
import urllib.error
import urllib.request

import pytest
from websockets.sync.client import connect

from trackside_api import get_with_status as get

REPLAY = "gtfs-rt-samples/nyct-subway/replay/2019-06-01_7-train_4-snapshots-30s"
GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
GRAND_CENTRAL_7 = "723"
GRAND_CENTRAL = "631"  # the complex, named by its first station


@pytest.fixture
def server(start_trackside, shared_data):
    return start_trackside("--source", f"replay:{shared_data / REPLAY}", "--gtfs", shared_data / GTFS,
                           "--replay-speed", "10", "--tick", "0.5", start_timeout=90, wait_ready=True)


def assert_board(board, station):
    assert board["type"] == "arrivals" and board["station"] == station and isinstance(board["ts"], int)
    for group in board["groups"]:
        assert group["route"] and group["direction"] in ("N", "S")
        assert 1 <= len(group["arrivals"]) <= 3
        times = [a["time"] for a in group["arrivals"]]
        assert times == sorted(times) and times[0] >= board["ts"]
        for arrival in group["arrivals"]:
            assert arrival["minutes"] == (arrival["time"] - board["ts"]) // 60
            assert arrival["due"] == (arrival["time"] - board["ts"] < 60)


def board_with_groups(server, station, timeout=15.0):
    """The station's board once the first replayed feed is placed: a server that has just started
    listening may not have read its first snapshot yet (its board is then empty, as it should be)."""
    deadline = time.monotonic() + timeout
    while True:
        status, board = get(server, f"/api/stations/{station}/arrivals")
        if status != 200 or board["groups"] or time.monotonic() > deadline:
            return status, board
        time.sleep(0.25)


def test_rest_board_and_errors(server):
    status, board = board_with_groups(server, GRAND_CENTRAL_7)
    assert status == 200
    assert_board(board, GRAND_CENTRAL_7)
    assert {g["route"] for g in board["groups"]} == {"7"}
    assert {g["direction"] for g in board["groups"]} == {"N", "S"}

    status, body = get(server, "/api/stations/R99X/arrivals")
    assert status == 404 and body["error"]["code"] == "not_found"
    status, body = get(server, "/api/stations/" + "9" * 40 + "/arrivals")
    assert status == 400 and body["error"]["code"] == "bad_request"
    status, body = get(server, "/api/stations/a%20b/arrivals")
    assert status == 400 and body["error"]["code"] == "bad_request"


def test_watch_pushes_the_board_and_only_changes(server):
    with connect(f"ws://{server.host}:{server.port}/ws", open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "hello"
        socket.send(json.dumps({"op": "watch", "station": GRAND_CENTRAL_7}))
        boards = []
        while len(boards) < 2:
            message = json.loads(socket.recv(timeout=15))
            if message["type"] == "arrivals":
                assert_board(message, GRAND_CENTRAL_7)
                boards.append(message)
        # Ticks come every 0.5 s; a board is only pushed when what it shows changed.
        assert boards[0]["groups"] != boards[1]["groups"]
        # The first board may be the empty one of a server that has not read its first feed yet.
        assert {g["route"] for board in boards for g in board["groups"]} == {"7"}


def test_station_list_one_station_and_search(server):
    status, stations = get(server, "/api/stations")
    assert status == 200 and stations["type"] == "FeatureCollection"
    features = {f["properties"]["id"]: f for f in stations["features"]}
    assert len(features) > 400
    # The 7's Grand Central station is one of the complex's three (4 5 6, 7, shuttle), listed once.
    assert GRAND_CENTRAL_7 not in features
    grand_central = features[GRAND_CENTRAL]
    lon, lat = grand_central["geometry"]["coordinates"]
    assert -73.98 < lon < -73.97 and 40.75 < lat < 40.76
    assert "7" in grand_central["properties"]["lines"]
    assert grand_central["properties"]["stations"] == ["631", "723", "901"]
    assert {"723N", "723S", "631N", "901S"} <= set(grand_central["properties"]["platforms"])

    board_with_groups(server, GRAND_CENTRAL_7)
    # The old link's id finds the complex; its board answers under the id asked for.
    status, details = get(server, f"/api/stations/{GRAND_CENTRAL_7}")
    assert status == 200 and details["id"] == GRAND_CENTRAL and details["name"] == "Grand Central-42 St"
    assert details["arrivals"]["groups"]
    assert_board(details["arrivals"], GRAND_CENTRAL_7)
    status, body = get(server, "/api/stations/R99X")
    assert status == 404 and body["error"]["code"] == "not_found"

    status, found = get(server, "/api/search?q=grand%20centrl")
    assert status == 200 and 1 <= len(found["results"]) <= 20
    first = found["results"][0]
    assert first["type"] == "station" and first["id"] == GRAND_CENTRAL and first["name"] == "Grand Central-42 St"
    assert [r["name"] for r in found["results"]].count("Grand Central-42 St") == 1
    assert isinstance(first["lat"], float) and isinstance(first["lon"], float) and first["lines"]
    status, found = get(server, "/api/search?q=zzzzqqqq")
    assert status == 200 and found == {"results": []}
    for bad in ("/api/search", "/api/search?q=", "/api/search?q=" + "a" * 101):
        status, body = get(server, bad)
        assert status == 400 and body["error"]["code"] == "bad_request", bad


def test_sign_board_lists_the_soonest_arrivals_as_short_lines(server):
    """`/api/stations/{id}/board?rows=N`: the board's arrivals of every group, soonest first, as text lines."""
    assert board_with_groups(server, GRAND_CENTRAL_7)[1]["groups"]
    status, sign = get(server, f"/api/stations/{GRAND_CENTRAL_7}/board?rows=4")
    assert status == 200
    assert sign["station"] == GRAND_CENTRAL_7 and sign["name"]
    status, board = get(server, f"/api/stations/{GRAND_CENTRAL_7}/arrivals")
    # The same arrivals as the board (which may have moved on by a tick), merged in time order.
    merged = sorted((a["time"], g["route"], g["direction"], a["minutes"]) for g in board["groups"] for a in g["arrivals"])
    assert 1 <= len(sign["rows"]) <= 4 and len(sign["rows"]) == min(4, len(merged))
    assert [r["minutes"] for r in sign["rows"]] == sorted(r["minutes"] for r in sign["rows"])
    for row in sign["rows"]:
        assert row["route"] == "7" and row["direction"] in ("N", "S")
        assert row["text"].startswith("7 ") and len(row["text"]) <= 2 + 16 + 2 + 7
        assert row["text"].endswith("Due" if row["due"] else f"{row['minutes']} min")

    assert get(server, f"/api/stations/{GRAND_CENTRAL_7}/board")[0] == 200
    for bad in ("0", "21", "x", "-1"):
        status, body = get(server, f"/api/stations/{GRAND_CENTRAL_7}/board?rows={bad}")
        assert status == 400 and body["error"]["code"] == "bad_request"
    status, body = get(server, "/api/stations/R99X/board")
    assert status == 404 and body["error"]["code"] == "not_found"
