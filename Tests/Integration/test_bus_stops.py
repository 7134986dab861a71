"""End to end: bus stops served by `trackside serve` with the subway and Manhattan bus GTFS and a replay of
a recorded Bus Time VehicleMonitoring snapshot (a replay folder of links assembled in a tmp dir), checked
against an independent reading of the same files here; and a StopMonitoring response on a small bus GTFS
written for the test, with stop_times, over REST and `watch`."""
import csv
import gzip
import json
import subprocess
import time
import urllib.parse

import pytest
from websockets.sync.client import connect

from bus_time_reference import BUS_GTFS, SUBWAY_GTFS, VM_FILE, reference_groups, siri_calls, wait_for_feed
from trackside_api import LocalPublisher, get_with_status as get

SM_FILE = "bus-siri/stop-monitoring/sm_B63_20120905T145422.json"
MANHATTAN = (-74.05, 40.68, -73.90, 40.88)


@pytest.fixture
def vm_server(start_trackside, shared_data, tmp_path):
    replay = tmp_path / "replay"
    replay.mkdir()
    (replay / "siri-vm_20170225T154233.json.gz").symlink_to(shared_data / VM_FILE)
    # A garbage fetch and an empty StopMonitoring, as feeds of their own: they are refused, nothing else changes.
    (replay / "siri-bad_20170225T154233.json").write_text('{"Siri":{"ServiceDelivery":')
    (replay / "siri-empty_20170225T154233.json").write_text(
        '{"Siri":{"ServiceDelivery":{"ResponseTimestamp":"2017-02-25T15:42:33.000-05:00",'
        '"StopMonitoringDelivery":[{"MonitoredStopVisit":[]}]}}}')
    server = start_trackside("--source", f"replay:{replay}", "--gtfs", shared_data / SUBWAY_GTFS,
                             "--gtfs", shared_data / BUS_GTFS, "--tick", "0.5", start_timeout=120)
    wait_for_feed(server, "siri-vm")
    return server


@pytest.fixture(scope="module")
def vm_reference(shared_data):
    with gzip.open(shared_data / VM_FILE) as file:
        calls = siri_calls(json.load(file))
    with open(shared_data / BUS_GTFS / "stops.txt", newline="") as file:
        stops = {row["stop_id"]: row for row in csv.DictReader(file)}
    return calls, stops


def test_bus_stops_in_a_box_with_the_routes_buses_were_seen_at(vm_server, vm_reference):
    calls, stops = vm_reference
    status, collection = get(vm_server, "/api/bus-stops?bbox=" + ",".join(map(str, MANHATTAN)))
    assert status == 200 and collection["type"] == "FeatureCollection"
    features = {f["properties"]["id"]: f for f in collection["features"]}
    inside = {stop_id for stop_id, row in stops.items()
              if MANHATTAN[0] <= float(row["stop_lon"]) <= MANHATTAN[2] and MANHATTAN[1] <= float(row["stop_lat"]) <= MANHATTAN[3]}
    assert set(features) == inside and len(inside) > 1_700
    seen = {}
    for call in calls:
        seen.setdefault(call["stop"], set()).add(call["route"])
    with_routes = 0
    for stop_id, feature in features.items():
        properties = feature["properties"]
        assert properties["name"] == stops[stop_id]["stop_name"]
        assert properties["routes_from"] == "realtime"
        assert properties["routes"] == sorted(seen.get(stop_id, ())), stop_id
        with_routes += bool(properties["routes"])
        lon, lat = feature["geometry"]["coordinates"]
        assert abs(lon - float(stops[stop_id]["stop_lon"])) < 1e-6 and abs(lat - float(stops[stop_id]["stop_lat"])) < 1e-6
    assert with_routes == len(inside & set(seen)) > 300

    # A small box holds just its stops; boxes are checked like a subscription's.
    status, small = get(vm_server, "/api/bus-stops?bbox=-73.9650,40.7760,-73.9640,40.7766")
    assert status == 200 and [f["properties"]["id"] for f in small["features"]] == ["404303"]
    assert small["features"][0]["properties"]["routes"] == ["M1", "M2"]
    status, body = get(vm_server, "/api/bus-stops?bbox=-75,40,-73,41.5")
    assert status == 400 and body["error"]["code"] == "bbox_too_large"
    for bad in ("", "?bbox=", "?bbox=1,2,3", "?bbox=a,b,c,d", "?bbox=-73.9,40.7,-74,40.8", "?bbox=-74,40.7,-73.9,91"):
        status, body = get(vm_server, "/api/bus-stops" + bad)
        assert status == 400 and body["error"]["code"] == "bad_request", bad


def test_bus_stops_are_not_stations(vm_server):
    status, stations = get(vm_server, "/api/stations")
    # 501 GTFS stations in 446 complexes (the bundled grouping) and two the grouping does not know.
    assert status == 200 and len(stations["features"]) == 448
    assert sum(len(f["properties"]["stations"]) for f in stations["features"]) == 501
    assert all(not f["properties"]["id"].isdigit() or len(f["properties"]["id"]) == 3 for f in stations["features"])
    assert all(not any(line.startswith("M") and len(line) > 1 for line in f["properties"]["lines"])
               for f in stations["features"])
    status, body = get(vm_server, "/api/stations/404303")
    assert status == 404 and body["error"]["code"] == "not_found"
    status, body = get(vm_server, "/api/bus-stops/127/arrivals")
    assert status == 404 and body["error"]["code"] == "not_found"


def test_every_bus_stop_board_matches_the_reference(vm_server, vm_reference):
    calls, stops = vm_reference
    called = sorted({call["stop"] for call in calls} & set(stops))
    assert len(called) == 360
    shown = 0
    for stop in called:
        status, board = get(vm_server, f"/api/bus-stops/{stop}/arrivals")
        assert status == 200 and board["type"] == "arrivals" and board["bus_stop"] == stop and "station" not in board
        assert board["groups"] == reference_groups(calls, stop, board["ts"]), stop
        shown += sum(len(g["arrivals"]) for g in board["groups"])
    assert shown > 300

    status, details = get(vm_server, "/api/bus-stops/404303")
    assert status == 200 and details["id"] == "404303" and details["name"] == "5 AV/W 78 ST"
    assert details["routes"] == ["M1", "M2"] and details["routes_from"] == "realtime"
    assert details["arrivals"]["bus_stop"] == "404303"
    for path, code in (("/api/bus-stops/999999/arrivals", 404), ("/api/bus-stops/999999", 404),
                       ("/api/bus-stops/" + "4" * 40 + "/arrivals", 400), ("/api/bus-stops/a%20b", 400)):
        status, body = get(vm_server, path)
        assert status == code and body["error"]["code"] == ("not_found" if code == 404 else "bad_request"), path


def test_search_finds_bus_stops_typed_after_stations(vm_server):
    status, found = get(vm_server, "/api/search?q=" + urllib.parse.quote("5 av w 78"))
    assert status == 200
    first = found["results"][0]
    assert first == {"type": "bus_stop", "id": "404303", "name": "5 AV/W 78 ST", "lines": ["M1", "M2"],
                     "lat": 40.776253, "lon": -73.964385}
    status, found = get(vm_server, "/api/search?q=" + urllib.parse.quote("14 st union"))
    results = found["results"]
    assert results[0]["type"] == "station" and results[0]["name"] == "14 St-Union Sq"
    assert 1 <= len(results) <= 20 and {r["type"] for r in results} <= {"station", "bus_stop"}
    status, found = get(vm_server, "/api/search?q=madison")
    assert len(found["results"]) == 20 and all(isinstance(r["lat"], float) for r in found["results"])


def test_bad_siri_feeds_are_refused_and_change_nothing(vm_server):
    status, body = get(vm_server, "/api/feeds")
    feeds = {f["id"]: f for f in body["feeds"]}
    assert feeds["siri-vm"]["accepted"] == 1 and not feeds["siri-vm"]["failure"]
    assert feeds["siri-bad"]["accepted"] == 0 and feeds["siri-bad"]["failure"]
    assert feeds["siri-empty"]["accepted"] == 0 and feeds["siri-empty"]["failure"]
    assert vm_server.process.poll() is None


def b63_gtfs(folder):
    """A bus GTFS written for the test: route B63, the stop the recorded StopMonitoring response monitors (its
    name as Bus Time gives it, placed on 5 Av at Union St in Park Slope) and one trip calling there."""
    folder.mkdir()
    (folder / "agency.txt").write_text("agency_id,agency_name,agency_url,agency_timezone\n"
                                       "MTA NYCT,MTA New York City Transit,http://www.mta.info,America/New_York\n")
    (folder / "routes.txt").write_text("route_id,agency_id,route_short_name,route_long_name,route_type\n"
                                       "B63,MTA NYCT,B63,Cobble Hill - Bay Ridge,3\n")
    (folder / "stops.txt").write_text("stop_id,stop_name,stop_lat,stop_lon\n308209,5 AV/UNION ST,40.677,-73.9832\n")
    (folder / "trips.txt").write_text("route_id,service_id,trip_id\nB63,WKD,t1\n")
    (folder / "stop_times.txt").write_text("trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
                                           "t1,14:50:00,14:50:00,308209,1\n")
    return folder


@pytest.fixture
def sm_server(start_trackside, shared_data, tmp_path):
    """The B63 StopMonitoring response replayed on the test's B63 GTFS."""
    replay = tmp_path / "replay"
    replay.mkdir()
    (replay / "siri-sm_20120905T145422.json").symlink_to(shared_data / SM_FILE)
    server = start_trackside("--source", f"replay:{replay}", "--gtfs", b63_gtfs(tmp_path / "gtfs"), "--tick", "0.5",
                             start_timeout=60)
    wait_for_feed(server, "siri-sm")
    return server


def test_stop_monitoring_board_over_rest_and_watch(sm_server, shared_data):
    calls = siri_calls(json.loads((shared_data / SM_FILE).read_text()))
    assert len(calls) == 7 and all(c["arrival"] is None for c in calls)
    status, board = get(sm_server, "/api/bus-stops/308209/arrivals")
    assert status == 200
    assert board["groups"] == reference_groups(calls, "308209", board["ts"])
    arrivals = board["groups"][0]["arrivals"]
    assert [(a["away"], a["stops_away"]) for a in arrivals] == [("0.7 miles away", 5), ("1.7 miles away", 13), ("3.2 miles away", 24)]
    assert all("time" not in a and "minutes" not in a for a in arrivals)

    status, collection = get(sm_server, "/api/bus-stops?bbox=-74,40.6,-73.9,40.7")
    [feature] = collection["features"]
    assert feature["properties"] == {"id": "308209", "name": "5 AV/UNION ST", "routes": ["B63"], "routes_from": "stop_times"}
    status, stations = get(sm_server, "/api/stations")
    assert stations["features"] == []

    with connect(f"ws://{sm_server.host}:{sm_server.port}/ws", open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "hello"
        socket.send(json.dumps({"op": "watch", "bus_stop": "308209"}))
        deadline = time.monotonic() + 15
        while True:
            message = json.loads(socket.recv(timeout=15))
            if message["type"] == "arrivals":
                break
            assert time.monotonic() < deadline
        assert message["bus_stop"] == "308209"
        assert message["groups"] == reference_groups(calls, "308209", message["ts"])


def test_without_bus_gtfs_there_are_no_bus_stops(start_trackside, shared_data):
    server = start_trackside("--source", "replay:" + str(shared_data / "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"),
                             "--gtfs", shared_data / SUBWAY_GTFS, start_timeout=90)
    status, collection = get(server, "/api/bus-stops?bbox=" + ",".join(map(str, MANHATTAN)))
    assert status == 200 and collection == {"type": "FeatureCollection", "features": []}
    status, found = get(server, "/api/search?q=" + urllib.parse.quote("5 av"))
    assert found["results"] and all(r["type"] == "station" for r in found["results"])


def test_monitored_bus_stops_are_polled_with_stop_monitoring(start_trackside, shared_data, tmp_path):
    """`serve --source mta --monitor-bus-stop 308209` against a local Bus Time on 127.0.0.1: the stop is
    polled with StopMonitoring (key, version 2, MonitoringRef) and its board comes from the answer."""
    body = (shared_data / SM_FILE).read_bytes()
    with LocalPublisher(body, serves=lambda path: path.startswith("/api/siri/stop-monitoring.json")) as bus_time:
        base = bus_time.base
        server = start_trackside("--source", "mta", "--gtfs", b63_gtfs(tmp_path / "gtfs"), "--tick", "0.5",
                                 "--subway-base", base + "/mtagtfsfeeds/", "--bus-time-url", base + "/api/siri/vehicle-monitoring.json",
                                 "--stop-monitoring-url", base + "/api/siri/stop-monitoring.json", "--monitor-bus-stop", "308209",
                                 env={"MTA_BUS_TIME_KEY": "test-key", "PATH": "/usr/bin:/bin"}, start_timeout=60)
        wait_for_feed(server, "siri-sm-308209")
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(next(r for r in bus_time.requests if "stop-monitoring" in r)).query)
        assert query == {"MonitoringRef": ["308209"], "key": ["test-key"], "version": ["2"]}
        calls = siri_calls(json.loads(body))
        status, board = get(server, "/api/bus-stops/308209/arrivals")
        # The recorded answer is from 2012, so the feed is stale today, and the board it makes is kept and marked so.
        _, feeds = get(server, "/api/feeds")
        assert {f["id"]: f["stale"] for f in feeds["feeds"]}["siri-sm-308209"] is True
        assert status == 200 and board["groups"] == [{**group, "stale": True}
                                                     for group in reference_groups(calls, "308209", board["ts"])]
        assert [a["away"] for a in board["groups"][0]["arrivals"]] == ["0.7 miles away", "1.7 miles away", "3.2 miles away"]


def test_arrivals_command_prints_a_bus_stop_board(trackside_bin, shared_data, vm_reference):
    calls, _ = vm_reference
    command = [str(trackside_bin), "arrivals", "--gtfs", str(shared_data / BUS_GTFS), str(shared_data / VM_FILE)]
    done = subprocess.run(command + ["--bus-stop", "404303"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    board = json.loads(done.stdout)
    assert board["bus_stop"] == "404303" and board["ts"] == 1488055353
    assert board["groups"] == reference_groups(calls, "404303", board["ts"])
    assert [g["route"] for g in board["groups"]] == ["M1", "M2"]
    for extra, message in ((["--bus-stop", "999999"], "no bus stop 999999"),
                           (["--bus-stop", "404303", "--station", "127"], "not both")):
        done = subprocess.run(command + extra, capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and message in done.stderr
