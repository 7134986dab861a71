"""The open exports against a real server replaying the 7 train: `/api/vehicles.geojson` holds exactly the
vehicles of `/api/vehicles` under the same rules, and `/gtfs-rt/vehicle-positions.pb` decodes with Google's
GTFS-realtime classes (gtfs-realtime-bindings) into VehiclePositions of the same vehicles, with conditional GET.

The server ticks once a minute and replays at 1/100 speed, so after the first feed's tick nothing changes for
tens of seconds: REST and the exports are read at one tick, and the export's placed positions are the published
ones (every vehicle was sent at that tick)."""
import json
import time

import pytest
from google.transit import gtfs_realtime_pb2

from trackside_api import GTFS, SEVEN_TRAIN_REPLAY, fetch

LINE_7 = "-74.01,40.735,-73.82,40.765"
FEED = "/gtfs-rt/vehicle-positions.pb"




@pytest.fixture
def quiet_server(start_trackside, shared_data):
    server = start_trackside("--source", f"replay:{shared_data / SEVEN_TRAIN_REPLAY}", "--gtfs", shared_data / GTFS,
                             "--replay-speed", "0.01", "--tick", "60", wait_ready=True, start_timeout=90)
    # Ready means the feed was taken; the ticks around it place the trains a moment later. Then it is quiet: the
    # same seq, with trains, for a second and a half.
    deadline = time.monotonic() + 20
    while True:
        first = rest_vehicles(server)
        time.sleep(1.5)
        if first["vehicles"] and rest_vehicles(server)["seq"] == first["seq"]:
            return server
        assert time.monotonic() < deadline, "the server never settled on one tick with trains"


def rest_vehicles(server, query=f"bbox={LINE_7}"):
    status, _, body = fetch(server, "/api/vehicles?" + query)
    assert status == 200
    return json.loads(body)


def test_the_geojson_export_holds_the_vehicles_of_the_rest_answer(quiet_server):
    before = rest_vehicles(quiet_server)
    status, headers, body = fetch(quiet_server, f"/api/vehicles.geojson?bbox={LINE_7}")
    after = rest_vehicles(quiet_server)
    assert status == 200 and headers["Content-Type"] == "application/geo+json"
    assert before["seq"] == after["seq"], "a tick came between the reads; the fixture ticks once a minute"
    collection = json.loads(body)
    assert collection["type"] == "FeatureCollection" and collection["seq"] == before["seq"]
    assert collection["epoch"] == before["epoch"] and collection["ts"] == before["ts"]
    assert len(before["vehicles"]) >= 5
    expected = [{"type": "Feature", "id": v["id"], "geometry": {"type": "Point", "coordinates": [v["lon"], v["lat"]]},
                 "properties": {k: x for k, x in v.items() if k not in ("lat", "lon", "seg")}} for v in before["vehicles"]]
    assert collection["features"] == expected
    # The same filters and the same refusals, word for word.
    northbound = json.loads(fetch(quiet_server, f"/api/vehicles.geojson?bbox={LINE_7}&routes=7&layers=bus")[2])
    assert northbound["features"] == []
    # A box larger than the city is within the view budget on this small replay: both answer it alike.
    wide = "bbox=-75,40,-73,41.5"
    wide_geojson, wide_plain = fetch(quiet_server, "/api/vehicles.geojson?" + wide), fetch(quiet_server, "/api/vehicles?" + wide)
    assert wide_geojson[0] == wide_plain[0] == 200
    assert ([f["id"] for f in json.loads(wide_geojson[2])["features"]]
            == [v["id"] for v in json.loads(wide_plain[2])["vehicles"]])
    for query in ["bbox=1,2,3", f"bbox={LINE_7}&layers=hovercraft", ""]:
        geojson = fetch(quiet_server, "/api/vehicles.geojson?" + query)
        plain = fetch(quiet_server, "/api/vehicles?" + query)
        assert geojson[0] == plain[0] == 400 and geojson[2] == plain[2], query


def decode(body):
    feed = gtfs_realtime_pb2.FeedMessage()
    feed.ParseFromString(body)
    return feed


def test_the_gtfs_realtime_export_decodes_with_googles_classes_and_holds_the_same_vehicles(quiet_server):
    before = rest_vehicles(quiet_server)
    status, headers, body = fetch(quiet_server, FEED)
    after = rest_vehicles(quiet_server)
    assert status == 200 and headers["Content-Type"] == "application/x-protobuf"
    assert before["seq"] == after["seq"], "a tick came between the reads; the fixture ticks once a minute"
    feed = decode(body)
    assert feed.header.gtfs_realtime_version == "2.0"
    assert feed.header.incrementality == gtfs_realtime_pb2.FeedHeader.FULL_DATASET
    assert 1559402905 <= feed.header.timestamp <= 1559402905 + 120, "the recording's clock (2019-06-01 11:28 EDT)"
    rest = {v["id"]: v for v in before["vehicles"]}
    entities = {e.id: e for e in feed.entity}
    assert set(entities) == set(rest) and len(rest) >= 5
    statuses = {"stopped": "STOPPED_AT", "moving": "IN_TRANSIT_TO"}
    for vehicle_id, vehicle in rest.items():
        position = entities[vehicle_id].vehicle
        assert entities[vehicle_id].HasField("vehicle") and not entities[vehicle_id].HasField("trip_update")
        assert position.trip.trip_id == vehicle["trip"] and position.trip.route_id == vehicle["route"]
        assert position.vehicle.id == vehicle_id
        assert position.position.latitude == pytest.approx(vehicle["lat"], abs=2e-5)
        assert position.position.longitude == pytest.approx(vehicle["lon"], abs=2e-5)
        assert position.position.bearing == pytest.approx(vehicle["bearing"], abs=0.51)
        status_name = gtfs_realtime_pb2.VehiclePosition.VehicleStopStatus.Name(position.current_status)
        if vehicle["status"] in statuses and position.HasField("current_status"):
            assert status_name == statuses[vehicle["status"]]
        expected_stop = vehicle.get("stop") if vehicle["status"] == "stopped" else vehicle.get("next")
        if vehicle["status"] in statuses and expected_stop:
            assert position.stop_id == expected_stop and position.HasField("current_status"), vehicle_id
        assert position.timestamp == feed.header.timestamp, "inferred positions hold at the tick"
    assert {e.vehicle.current_status for e in feed.entity} >= {gtfs_realtime_pb2.VehiclePosition.STOPPED_AT,
                                                               gtfs_realtime_pb2.VehiclePosition.IN_TRANSIT_TO}

    # The JSON form is the same message.
    status, headers, body = fetch(quiet_server, FEED + "?format=json")
    assert status == 200 and headers["Content-Type"] == "application/json"
    document = json.loads(body)
    assert [e["id"] for e in document["entity"]] == [e.id for e in feed.entity]
    assert document["header"]["timestamp"] == feed.header.timestamp
    assert fetch(quiet_server, FEED + "?format=xml")[0] == 400


def test_the_gtfs_realtime_export_answers_conditional_gets(quiet_server):
    status, headers, body = fetch(quiet_server, FEED)
    tag, modified = headers["ETag"], headers["Last-Modified"]
    assert status == 200 and tag and modified
    assert fetch(quiet_server, FEED, {"If-None-Match": tag})[0] == 304
    assert fetch(quiet_server, FEED, {"If-Modified-Since": modified})[0] == 304
    assert fetch(quiet_server, FEED, {"If-Modified-Since": "Sat, 01 Jun 2019 00:00:00 GMT"})[0] == 200
    # If-None-Match wins over If-Modified-Since (RFC 9110 §13.1.3).
    assert fetch(quiet_server, FEED, {"If-None-Match": '"other"', "If-Modified-Since": modified})[0] == 200
    json_status, json_headers, _ = fetch(quiet_server, FEED + "?format=json")
    assert json_status == 200 and json_headers["ETag"] != tag, "each representation has its own tag"
    status, _, again = fetch(quiet_server, FEED, {"If-None-Match": '"other"'})
    assert status == 200 and again == body, "one tick's document is built once and served as it is"
