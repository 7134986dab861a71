"""One station per complex, on the whole network: `trackside serve` replaying the nine recorded feeds of
2019-09-14 (every line) on the 2018 full subway GTFS, with the bundled complex grouping and the MTA's station
table (direction labels). Search, `/api/stations`, the one-station answer, boards (REST and `watch`) and terminal
boards are read as a rider meets them."""
import json
import time

import pytest
from websockets.sync.client import connect

from trackside_api import get_with_status as get

WEEKEND = "gtfs-rt-samples/nyct-subway/2019-09-14_weekend"
SATURDAY = "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"
GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
STATIONS_TABLE = "entrances/MTA_Subway_Stations_2025.csv"
# The lines of Times Sq-42 St's five stations that ran that evening: 1 2 3 (127), 7 (725), A C E (A27),
# N Q R (R16) and the shuttle (902, GS). The W runs on weekdays only and has no shape, so the data has it nowhere.
TIMES_SQ_LINES = {"1", "2", "3", "7", "A", "C", "E", "N", "Q", "R", "GS"}
TIMES_SQ_STATIONS = ["127", "725", "902", "A27", "R16"]


def whole_network(trackside_bin, shared_data, folder, span, log_dir):
    """A server replaying every file of `folder` at once (`--replay-skip` over their `span` seconds), the clock
    running on from the last; returned once every feed has been read."""
    from conftest import TracksideServer
    process = TracksideServer(trackside_bin, ["--source", f"replay:{shared_data / folder}", "--gtfs", str(shared_data / GTFS),
                                              "--replay-skip", str(span), "--station-access", str(shared_data / STATIONS_TABLE)],
                              log_dir)
    expected = {path.name.split("_")[0] for path in (shared_data / folder).glob("*.pb")}
    deadline = time.monotonic() + 30
    while {feed["id"] for feed in get(process, "/api/feeds")[1]["feeds"] if feed["accepted"]} != expected:
        assert time.monotonic() < deadline, process.log()
        time.sleep(0.1)
    return process


@pytest.fixture(scope="module")
def server(trackside_bin, shared_data, tmp_path_factory):
    process = whole_network(trackside_bin, shared_data, WEEKEND, 31, tmp_path_factory.mktemp("complexes"))
    yield process
    assert process.stop() == 0


@pytest.fixture(scope="module")
def saturday_2024(trackside_bin, shared_data, tmp_path_factory):
    """The seven feeds of 2024-01-20, 19:04-19:08: the 1 runs to Van Cortlandt Park (in 2019-09-14's feeds it did not)."""
    process = whole_network(trackside_bin, shared_data, SATURDAY, 228, tmp_path_factory.mktemp("terminal"))
    yield process
    assert process.stop() == 0


def test_times_sq_is_one_station_with_every_line_that_calls_there(server):
    status, found = get(server, "/api/search?q=times%20sq")
    assert status == 200
    first = found["results"][0]
    assert first["type"] == "station" and first["id"] == "127" and "Times Sq-42 St" in first["name"]
    # Every line calling there in the feeds; anything more is a route of the 2018 GTFS whose shape passes and
    # that no feed reported that evening (the 7 express runs on weekdays).
    assert TIMES_SQ_LINES <= set(first["lines"]) and set(first["lines"]) - TIMES_SQ_LINES <= {"7X"}
    names = [r["name"] for r in found["results"][:5]]
    assert len(names) == len(set(names)), names
    status, found = get(server, "/api/search?q=34%20st%20herald")
    assert [r["name"] for r in found["results"]].count("34 St-Herald Sq") == 1
    assert {"B", "D", "F", "M", "N", "Q", "R"} >= set(found["results"][0]["lines"]) >= {"D", "F", "M", "N", "Q", "R"}

    status, stations = get(server, "/api/stations")
    features = {f["properties"]["id"]: f["properties"] for f in stations["features"]}
    assert features["127"]["stations"] == TIMES_SQ_STATIONS
    assert not set(TIMES_SQ_STATIONS[1:]) & set(features)
    assert len([p for p in features.values() if "Times Sq" in p["name"]]) == 1


def test_every_old_id_finds_the_complex_and_its_board_merges_the_platforms(server):
    status, board = get(server, "/api/stations/127/arrivals")
    assert status == 200 and board["station"] == "127"
    assert {g["route"] for g in board["groups"]} == TIMES_SQ_LINES
    headings = {(g["route"], g["direction"]): g.get("heading") for g in board["groups"]}
    # The station's own words for its directions: the 7's platform says Queens and Hudson Yards.
    assert headings[("7", "N")] == "Queens" and headings[("1", "S")] == "Downtown"
    for old in TIMES_SQ_STATIONS[1:] + ["725N", "R16S"]:
        status, details = get(server, f"/api/stations/{old}")
        assert status == 200 and details["id"] == "127" and details["stations"] == TIMES_SQ_STATIONS, old
        assert details["arrivals"]["station"] == old
        assert {g["route"] for g in details["arrivals"]["groups"]} == TIMES_SQ_LINES, old


def test_watch_of_an_old_id_gets_the_complex_board_under_that_id(server):
    with connect(f"ws://{server.host}:{server.port}/ws", open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "hello"
        socket.send(json.dumps({"op": "watch", "station": "725"}))
        while True:
            message = json.loads(socket.recv(timeout=15))
            if message["type"] == "arrivals":
                break
        assert message["station"] == "725"
        assert {g["route"] for g in message["groups"]} == TIMES_SQ_LINES


def test_a_terminal_offers_no_train_ending_there(saturday_2024):
    """Van Cortlandt Park-242 St (101): the 1 trains arriving from downtown end there and are not departures."""
    server = saturday_2024
    status, details = get(server, "/api/stations/101")
    board = details["arrivals"]
    assert status == 200 and board["groups"], board
    assert {(g["route"], g["direction"]) for g in board["groups"]} == {("1", "S")}
    assert board["groups"][0]["heading"] == "Manhattan"
    terminating = board["terminating"]
    assert {(g["route"], g["direction"]) for g in terminating} == {("1", "N")}
    assert terminating[0]["heading"] == "Last Stop" and terminating[0]["arrivals"]
    status, sign = get(server, "/api/stations/101/board?rows=6")
    assert sign["rows"] and all(row["direction"] == "S" for row in sign["rows"])
