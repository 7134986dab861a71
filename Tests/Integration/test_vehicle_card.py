"""End to end: one vehicle's card (`GET /api/vehicles/{id}` and `{"op":"watch","vehicle":…}`), and what
`/api/config` and the stream tell a page about the data (source, the simulated routes, the recording's span and
clock, the layers without data), on a real `trackside serve` (docs/PROTOCOL.md)."""
import json
import time
import urllib.parse

from websockets.sync.client import connect

from trackside_api import SEVEN_TRAIN_REPLAY, get_json, get_with_status

GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
LINE_7 = [-74.01, 40.735, -73.82, 40.765]
# The recording's four files, 11:28:25 to 11:29:55 New York time on 2019-06-01 (their header timestamps).
RECORDED = (1559402905, 1559402995)


def start_seven_train(start_trackside, shared_data, *extra):
    """The 7-train recording at 10x (one new feed every 3 s), ticking every 0.5 s."""
    return start_trackside("--source", f"replay:{shared_data / SEVEN_TRAIN_REPLAY}", "--gtfs", shared_data / GTFS,
                           "--replay-speed", "10", "--tick", "0.5", *extra, start_timeout=90, wait_ready=True)


def card_path(vehicle_id):
    return "/api/vehicles/" + urllib.parse.quote(vehicle_id, safe="")


def assert_consistent_card(card, vehicle_id):
    """A card's stops follow from its vehicle: after the stop it stands at, or from the stop it runs to."""
    vehicle = card["vehicle"]
    assert vehicle["id"] == vehicle_id
    stops = card["stops"]
    assert all(isinstance(s["stop"], str) and s.get("name") for s in stops), stops
    if vehicle["status"] == "stopped" and vehicle.get("stop"):
        assert card["at"]["stop"] == vehicle["stop"] and card["at"]["name"]
        assert vehicle["stop"] not in [s["stop"] for s in stops]
    elif vehicle.get("next") and stops:
        assert stops[0]["stop"] == vehicle["next"]
    times = [s.get("arrival", s.get("departure")) for s in stops]
    assert all(t is not None for t in times) and times == sorted(times)


def test_each_vehicle_has_a_card_with_its_stops_ahead(start_trackside, shared_data):
    server = start_seven_train(start_trackside, shared_data)
    vehicles = get_json(server, "/api/vehicles?bbox=" + ",".join(map(str, LINE_7)))["vehicles"]
    assert len(vehicles) >= 20
    with_stops = 0
    for listed in vehicles:
        status, card = get_with_status(server, card_path(listed["id"]))
        if status == 404:
            continue  # its trip ended between the two requests
        assert status == 200
        assert card["vehicle"]["route"] == listed["route"] and card["epoch"] and card["seq"] >= 1
        assert_consistent_card(card, listed["id"])
        with_stops += bool(card["stops"])
    assert with_stops >= 15, "most trains of a live recording have stops ahead"


def test_unknown_and_malformed_vehicle_ids_are_refused_in_json(start_trackside, shared_data):
    server = start_seven_train(start_trackside, shared_data)
    status, body = get_with_status(server, "/api/vehicles/no-such-train")
    assert status == 404 and body["error"]["code"] == "not_found"
    status, body = get_with_status(server, "/api/vehicles/a%01b")
    assert status == 400 and body["error"]["code"] == "bad_request"
    status, body = get_with_status(server, "/api/vehicles/" + "x" * 129)
    assert status == 400 and body["error"]["code"] == "bad_request"


def test_a_watched_vehicle_is_pushed_with_the_rest_card_and_stops_after_unwatch(start_trackside, shared_data):
    server = start_seven_train(start_trackside, shared_data)
    vehicles = get_json(server, "/api/vehicles?bbox=" + ",".join(map(str, LINE_7)))["vehicles"]
    moving = [v for v in vehicles if v["status"] == "moving"] or vehicles
    vehicle_id = moving[0]["id"]
    socket = connect(f"ws://{server.host}:{server.port}/ws", open_timeout=10)
    try:
        assert json.loads(socket.recv(timeout=10))["type"] == "hello"
        socket.send(json.dumps({"op": "watch", "vehicle": vehicle_id}))
        deadline = time.monotonic() + 5
        card = None
        while card is None and time.monotonic() < deadline:
            message = json.loads(socket.recv(timeout=5))
            if message["type"] == "vehicle":
                card = message
        assert card is not None, "no card within 5 s of the watch"
        assert card["id"] == vehicle_id
        if card["vehicle"] is not None:
            assert_consistent_card(card, vehicle_id)
            # The pushed card is REST's when no tick came between them.
            for _ in range(20):
                status, rest = get_with_status(server, card_path(vehicle_id))
                if status == 200 and rest["vehicle"] == card["vehicle"]:
                    assert rest["stops"] == card["stops"] and rest["at"] == card["at"]
                    break
                message = json.loads(socket.recv(timeout=5))
                if message["type"] == "vehicle":
                    card = message
            else:
                raise AssertionError("the pushed card and REST never agreed")
        socket.send(json.dumps({"op": "unwatch", "vehicle": vehicle_id}))
        time.sleep(0.5)  # a card already on its way may still arrive
        while True:
            try:
                socket.recv(timeout=0.2)
            except TimeoutError:
                break
        # A vehicle not published now is not found, as REST answers 404 for it, and is not watched.
        socket.send(json.dumps({"op": "watch", "vehicle": "no-such-train"}))
        gone = json.loads(socket.recv(timeout=5))
        assert gone == {"type": "error", "code": "not_found", "message": "no vehicle no-such-train now"}
        # Ten seconds at 10x is the whole recording: the 7 train's cards change, but none of them is sent now.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                message = json.loads(socket.recv(timeout=1))
            except TimeoutError:
                continue
            assert message["type"] != "vehicle", message
    finally:
        socket.close()


def test_replay_config_and_stream_say_it_is_a_recording_and_when(start_trackside, shared_data):
    server = start_seven_train(start_trackside, shared_data, "--replay-loop")
    config = get_json(server, "/api/config")
    assert config["source"] == "replay" and config["simulated_routes"] is None
    assert config["recording"] == {"start": RECORDED[0], "end": RECORDED[1], "speed": 10, "loops": True}
    assert config["unavailable_layers"] == {"buses": "This recording has no buses",
                                           "bus_stops": "No bus timetable is loaded on the server"}
    socket = connect(f"ws://{server.host}:{server.port}/ws", open_timeout=10)
    try:
        assert json.loads(socket.recv(timeout=10))["source"] == "replay"
        socket.send(json.dumps({"op": "subscribe", "bbox": LINE_7}))
        clocks = []
        while len(clocks) < 6:
            message = json.loads(socket.recv(timeout=5))
            # At 10x the feeds' clock outruns ts, so nearly every delta says where it is.
            if message["type"] in ("snapshot", "delta") and "feed_ts" in message:
                clocks.append(message["feed_ts"])
                assert abs(message["ts"] / 1000 - time.time()) < 30  # ts stays the server's own clock
        # The recording's clock, not today's: inside its span (one cycle is the span plus a 30 s gap).
        assert all(RECORDED[0] <= t <= RECORDED[1] + 30 for t in clocks), clocks
    finally:
        socket.close()


def test_demo_config_names_the_simulated_lines_and_the_layers_it_lacks(start_trackside):
    server = start_trackside(wait_ready=True)
    config = get_json(server, "/api/config")
    assert config["source"] == "demo" and config["recording"] is None
    assert config["simulated_routes"] == ["1", "2"]
    assert config["unavailable_layers"]["buses"] == "The demo simulates only the 1 and 2 trains"
    # The demo's trips carry their delay against the timetable, which cards show.
    vehicles = get_json(server, "/api/vehicles?bbox=-74.02,40.70,-73.93,40.80")["vehicles"]
    delays = []
    for vehicle in vehicles[:8]:
        status, card = get_with_status(server, card_path(vehicle["id"]))
        if status == 200:
            delays += [s["delay"] for s in card["stops"] if "delay" in s]
    assert delays and all(-120 <= d <= 900 for d in delays)
