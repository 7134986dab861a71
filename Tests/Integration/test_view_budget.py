"""The server bounds a view by a budget of vehicles and bytes, not by its size on the ground (docs/PROTOCOL.md):
a whole-city subway view of New York (about 48 km across) is one subscription and one REST answer, and a view
over either budget is refused with `bbox_too_large`, the previous view staying in force. Against a real
`trackside serve` replaying the whole subway network (trackside_api.full_network_args)."""
import json
import urllib.error
import urllib.request

import pytest
from websockets.sync.client import connect

from trackside_api import NEW_YORK_CITY, full_network_args, get_json

# Open water in the Lower Bay, off Staten Island: a view with no trains, within any budget.
LOWER_BAY = (-74.05, 40.52, -74.02, 40.55)


def bbox(box):
    return ",".join(map(str, box))


def rest_error(server, path):
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(server.base_url + path, timeout=10)
    return refused.value.code, json.load(refused.value)["error"]


class Socket:
    """A push connection that skips the hello and keeps the view messages apart from others."""

    def __init__(self, server):
        self.socket = connect(f"ws://{server.host}:{server.port}/ws", open_timeout=10)
        assert self.receive()["type"] == "hello"

    def receive(self):
        return json.loads(self.socket.recv(timeout=15))

    def subscribe(self, box):
        self.socket.send(json.dumps({"op": "subscribe", "bbox": list(box), "layers": ["subway"]}))
        while True:
            message = self.receive()
            if message["type"] in ("snapshot", "delta", "error"):
                return message


def wait_for_trains(server, minimum):
    import time
    deadline = time.monotonic() + 30
    while True:
        vehicles = get_json(server, f"/api/vehicles?bbox={bbox(NEW_YORK_CITY)}&layers=subway")["vehicles"]
        if len(vehicles) >= minimum or time.monotonic() > deadline:
            return vehicles
        time.sleep(0.5)


def test_a_whole_city_subway_view_is_one_subscription_and_one_rest_answer(start_trackside, shared_data):
    server = start_trackside(*full_network_args(shared_data), wait_ready=True, start_timeout=90)
    rest = wait_for_trains(server, 50)
    assert len(rest) >= 50, "the recording places trains on every line"
    assert {v["route"] for v in rest} >= {"A", "F", "Q", "L", "G", "J"}
    # A box larger than the city and the region around it is allowed too: size alone is never refused.
    huge = get_json(server, "/api/vehicles?bbox=-80,35,-68,45&layers=subway")
    assert len(huge["vehicles"]) >= 50
    client = Socket(server)
    snapshot = client.subscribe(NEW_YORK_CITY)
    assert snapshot["type"] == "snapshot"
    at_seq = get_json(server, f"/api/vehicles?bbox={bbox(NEW_YORK_CITY)}&layers=subway")
    ids = {v["id"] for v in snapshot["vehicles"]}
    if at_seq["seq"] == snapshot["seq"]:
        assert ids == {v["id"] for v in at_seq["vehicles"]}
    assert len(ids) >= 50 and len(json.dumps(snapshot)) < 1 << 20
    client.socket.close()


def test_views_over_the_vehicle_budget_are_refused_on_push_and_rest(start_trackside, shared_data):
    server = start_trackside(*full_network_args(shared_data), "--max-view-vehicles", "20", wait_ready=True, start_timeout=90)
    status, error = rest_error(server, f"/api/vehicles?bbox={bbox(NEW_YORK_CITY)}&layers=subway")
    assert status == 400 and error["code"] == "bbox_too_large"
    assert error["message"].startswith("the view holds ") and error["message"].endswith(" vehicles; the limit is 20")
    assert int(error["message"].split()[3]) > 20

    client = Socket(server)
    small = client.subscribe(LOWER_BAY)
    assert small["type"] == "snapshot" and small["vehicles"] == []
    refused = client.subscribe(NEW_YORK_CITY)
    assert refused["type"] == "error" and refused["code"] == "bbox_too_large"
    assert refused["message"].startswith("the view holds ") and refused["message"].endswith(" vehicles; the limit is 20")
    # The refused view changed nothing: the next deltas are still for the empty view, not the city's trains.
    deltas = []
    while len(deltas) < 3:
        message = client.receive()
        if message["type"] == "delta":
            deltas.append(message)
    assert all(d["upsert"] == [] and d["remove"] == [] for d in deltas)
    client.socket.close()


def bus_gtfs(folder, stops=100):
    """A bus GTFS written for the test: route B1 calling at `stops` stops 100 m apart along a Brooklyn street."""
    folder.mkdir()
    (folder / "agency.txt").write_text("agency_id,agency_name,agency_url,agency_timezone\n"
                                       "MTA NYCT,MTA New York City Transit,http://www.mta.info,America/New_York\n")
    (folder / "routes.txt").write_text("route_id,agency_id,route_short_name,route_long_name,route_type\nB1,MTA NYCT,B1,Test,3\n")
    (folder / "stops.txt").write_text("stop_id,stop_name,stop_lat,stop_lon\n" + "".join(
        f"9{i:05},STOP {i},{40.60 + i * 0.0009:.5f},-73.98\n" for i in range(stops)))
    (folder / "trips.txt").write_text("route_id,service_id,trip_id\nB1,WKD,t1\n")
    (folder / "stop_times.txt").write_text("trip_id,arrival_time,departure_time,stop_id,stop_sequence\n" + "".join(
        f"t1,14:{i // 60:02}:{i % 60:02},14:{i // 60:02}:{i % 60:02},9{i:05},{i + 1}\n" for i in range(stops)))
    return folder


def test_views_over_the_byte_budget_are_refused_on_push_and_rest(start_trackside, shared_data, tmp_path):
    server = start_trackside(*full_network_args(shared_data), "--gtfs", bus_gtfs(tmp_path / "bus"),
                             "--max-view-bytes", "4096", wait_ready=True, start_timeout=90)
    status, error = rest_error(server, f"/api/vehicles?bbox={bbox(NEW_YORK_CITY)}&layers=subway")
    assert status == 400 and error["code"] == "bbox_too_large"
    assert error["message"].startswith("the view's vehicles take ") and error["message"].endswith(" bytes; the limit is 4096 bytes")
    client = Socket(server)
    refused = client.subscribe(NEW_YORK_CITY)
    assert refused["type"] == "error" and refused["code"] == "bbox_too_large" and "bytes" in refused["message"]
    # An empty view costs nothing and is admitted.
    assert client.subscribe((-74.2, 40.9, -74.19, 40.91))["type"] == "snapshot"
    client.socket.close()
    # Bus stop lists share the byte budget: ten stops are within it, all hundred are not.
    few = get_json(server, "/api/bus-stops?bbox=-73.99,40.5995,-73.97,40.6085")
    assert len(few["features"]) == 10
    status, error = rest_error(server, f"/api/bus-stops?bbox={bbox(NEW_YORK_CITY)}")
    assert status == 400 and error["code"] == "bbox_too_large"
    assert error["message"].startswith("the view's bus stops take ") and error["message"].endswith(" bytes; the limit is 4096 bytes")
