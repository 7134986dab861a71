"""The machine-readable contract against real traffic: every push message a replay produces validates against the
JSON Schemas of docs/schema, every REST answer against docs/openapi.json (the answer's status and media type must be
documented, and its body must validate), the server serves both as the repository keeps them, and `/ws` negotiates
the `trackside.v1` subprotocol. Replays: the 1–6/S subway snapshots (vehicles, boards, errors), the MTA alerts feed
(alerts with content), and a Bus Time StopMonitoring response on a one-stop bus GTFS (bus stops and their boards)."""
import json
import re
import shutil
import socket
import time
import urllib.parse

from websockets.sync.client import connect

import contract
import openapi_responses
import websocket_raw as raw
from test_bus_stops import SM_FILE, b63_gtfs
from trackside_api import GTFS, REPLAY, fetch

ALERTS = "alerts/mta_subway_alerts_20240120T185938.pb"
MANHATTAN = [-74.02, 40.70, -73.93, 40.80]




class RESTChecker:
    """Fetches paths, each answer checked against the OpenAPI document by openapi_responses (as every suite's
    answers are), failing at once on a mismatch; remembers which templates answered with which statuses."""

    def __init__(self):
        self.seen = {}

    def check(self, server, path, status=200):
        got, headers, body = fetch(server, path)
        assert got == status, f"GET {path}: {got} {body[:300]!r}"
        problems = openapi_responses.take()
        assert not problems, f"GET {path} ({got}) does not match docs/openapi.json:\n" + "\n".join(problems[:20])
        template = openapi_responses.template_of(urllib.parse.urlsplit(path).path)
        assert template, f"{path} is no documented path"
        self.seen.setdefault(template, set()).add(got)
        return json.loads(body) if headers.get("Content-Type", "").split(";")[0].endswith("json") else body


class Recorder:
    """A /ws client that validates every message it receives (and every one it sends) against the schemas."""

    def __init__(self, server, seen):
        self.socket = connect(f"ws://{server.host}:{server.port}/ws", open_timeout=10, subprotocols=["trackside.v1"])
        assert self.socket.subprotocol == "trackside.v1"
        self.seen = seen

    def send(self, message):
        problems = contract.errors(contract.CLIENT_MESSAGE, message)
        assert not problems, f"{message} does not match client-message.json: {problems}"
        self.socket.send(json.dumps(message))

    def receive(self, timeout=10.0):
        message = json.loads(self.socket.recv(timeout=timeout))
        problems = contract.errors(contract.SERVER_MESSAGE, message)
        assert not problems, f"a {message.get('type')} message does not match docs/schema:\n" + "\n".join(problems[:20]) \
            + f"\n{json.dumps(message)[:1000]}"
        self.seen[message["type"]] = self.seen.get(message["type"], 0) + 1
        return message

    def until(self, predicate, timeout=20.0):
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.1, deadline - time.monotonic()))
            if predicate(message):
                return message
            assert time.monotonic() < deadline, "the expected message never came"

    def close(self):
        self.socket.close()


def test_replayed_traffic_matches_the_schemas_and_the_openapi_document(start_trackside, shared_data, tmp_path):
    seen_messages = {}
    rest = RESTChecker()

    # Subway vehicles, boards and every kind of refusal.
    # With the MTA's entrances and elevator list, and an outage feed (a file) putting one Times Sq elevator out.
    outages = tmp_path / "nyct_ene.json"
    outages.write_text(json.dumps([{"equipment": "EL233", "equipmenttype": "EL", "serving": "mezzanine to uptown", "ADA": "Y",
                                    "outagedate": "01/01/2026 08:00:00 AM", "estimatedreturntoservice": "01/01/2099 06:00:00 PM",
                                    "reason": "Repair", "isupcomingoutage": "N", "ismaintenanceoutage": "N"}]))
    subway = start_trackside("--source", f"replay:{shared_data / REPLAY}", "--gtfs", shared_data / GTFS, "--replay-loop",
                             "--replay-speed", "10", "--tick", "0.5", "--max-watches", "3",
                             "--entrances", shared_data / "entrances/subway-entrances-exits_2024_i9wp-a4ja.geojson",
                             "--elevator-equipment", shared_data / "entrances/mta-elevators-escalators_2024_nyct_ene_equipments.json",
                             "--elevators", outages, wait_ready=True, start_timeout=90)
    client = Recorder(subway, seen_messages)
    hello = client.receive()
    assert hello["type"] == "hello" and hello["protocol"] == 1
    client.send({"op": "subscribe", "bbox": MANHATTAN, "layers": ["subway"]})
    snapshot = client.until(lambda m: m["type"] == "snapshot")
    assert snapshot["vehicles"], "the replay places trains in Manhattan"
    client.until(lambda m: m["type"] == "delta" and m["upsert"])
    client.send({"op": "watch", "station": "127"})
    # The alerts reset comes at once; the board with it when one was computed, else with the next tick.
    watched = []
    client.until(lambda m: watched.append(m) or {"arrivals", "alerts", "elevators"} <= {w["type"] for w in watched})
    arrivals = next(m for m in watched if m["type"] == "arrivals")
    assert arrivals["station"] == "127" and arrivals["groups"]
    train = snapshot["vehicles"][0]["id"]
    client.send({"op": "watch", "vehicle": train})
    card = client.until(lambda m: m["type"] == "vehicle")
    assert card["id"] == train
    client.send({"op": "unwatch", "vehicle": train})
    client.send({"op": "resume", "epoch": hello["epoch"], "seq": snapshot["seq"], "bbox": MANHATTAN, "layers": ["subway"]})
    client.until(lambda m: m["type"] in ("delta", "snapshot") and m["seq"] >= snapshot["seq"])
    codes = set()
    for bad in [{"op": "subscribe"}, {"op": "watch", "station": "nowhere"},
                {"op": "watch", "route": "NOPE"}, {"op": "watch", "vehicle": "no-such-train"}, {"op": "watch", "route": "A"},
                {"op": "watch", "route": "C"}, {"op": "watch", "route": "E"}]:
        client.socket.send(json.dumps(bad))  # not all of them are valid client messages
        if bad.get("route") in ("A", "C"):
            continue
        codes.add(client.until(lambda m: m["type"] == "error")["code"])
    for _ in range(12):
        client.send({"op": "subscribe", "bbox": MANHATTAN})
    codes.add(client.until(lambda m: m["type"] == "error")["code"])
    client.close()
    # A view over the server's budget (docs/PROTOCOL.md: vehicles and bytes, not extent), on a server with a budget
    # of one vehicle: refused on the socket and over REST.
    tight = start_trackside("--source", f"replay:{shared_data / REPLAY}", "--gtfs", shared_data / GTFS, "--replay-loop",
                            "--replay-speed", "10", "--max-view-vehicles", "1", wait_ready=True, start_timeout=90)
    refused = Recorder(tight, seen_messages)
    assert refused.receive()["type"] == "hello"
    refused.send({"op": "subscribe", "bbox": MANHATTAN, "layers": ["subway"]})
    codes.add(refused.until(lambda m: m["type"] == "error")["code"])
    refused.close()
    assert codes == {"bad_request", "bbox_too_large", "not_found", "too_many_watches", "rate_limited"}
    rest.check(tight, f"/api/vehicles.geojson?bbox={','.join(map(str, MANHATTAN))}", 400)

    bbox = ",".join(map(str, MANHATTAN))
    vehicles = rest.check(subway, f"/api/vehicles?bbox={bbox}&layers=subway")
    assert vehicles["vehicles"]
    rest.check(subway, "/api/vehicles?bbox=1,2,3", 400)
    assert rest.check(subway, "/api/vehicles?region=all")["vehicles"]
    rest.check(subway, "/api/vehicles?region=everywhere", 400)
    assert rest.check(subway, f"/api/vehicles.geojson?bbox={bbox}")["features"]
    assert rest.check(subway, "/api/vehicles.geojson?bbox=-75,40,-73,41.5")["features"]
    rest.check(subway, "/gtfs-rt/vehicle-positions.pb")
    assert rest.check(subway, "/gtfs-rt/vehicle-positions.pb?format=json")["entity"]
    rest.check(subway, "/gtfs-rt/vehicle-positions.pb?format=xml", 400)
    rest.check(tight, f"/api/vehicles?bbox={bbox}", 400)  # over the one-vehicle budget
    rest.check(subway, "/api/vehicles/" + urllib.parse.quote(vehicles["vehicles"][0]["id"], safe=""))
    rest.check(subway, "/api/vehicles/no-such-train", 404)
    rest.check(subway, "/api/config")
    rest.check(subway, "/api/feeds")
    rest.check(subway, "/api/stations")
    square = rest.check(subway, "/api/stations/127")
    assert square["entrances"] and any(e["status"] == "out_of_service" for e in square["elevators"])
    rest.check(subway, "/api/entrances")
    rest.check(subway, "/api/stations/nowhere", 404)
    rest.check(subway, "/api/stations/not%20an%20id", 400)
    rest.check(subway, "/api/stations/127/arrivals")
    rest.check(subway, "/api/stations/nowhere/arrivals", 404)
    rest.check(subway, "/api/stations/127/board?rows=6")
    rest.check(subway, "/api/stations/127/board?rows=99", 400)
    rest.check(subway, "/api/search?q=times%20sq")
    rest.check(subway, "/api/search?q=", 400)
    rest.check(subway, "/api/alerts?route=1")
    rest.check(subway, "/api/alerts?when=someday", 400)
    rest.check(subway, "/api/alerts?station=nowhere", 404)
    rest.check(subway, "/api/routes")
    rest.check(subway, f"/api/bus-stops?bbox={bbox}")
    rest.check(subway, "/api/bus-stops?bbox=x", 400)
    rest.check(subway, "/api/bus-stops/127", 404)
    rest.check(subway, "/api/bus-stops/127/arrivals", 404)
    rest.check(subway, "/readyz")
    rest.check(subway, "/healthz")
    rest.check(subway, "/metrics")
    rest.check(subway, "/status")
    openapi = rest.check(subway, "/api/openapi.json")
    assert openapi == contract.DOCUMENT, "the server serves docs/openapi.json as it is"
    for path in sorted(contract.SCHEMAS.rglob("*.json")):
        name = path.relative_to(contract.SCHEMAS).as_posix()
        served = rest.check(subway, f"/api/schema/{name}")
        assert served == json.loads(path.read_text()), name
    rest.check(subway, "/api/schema/nothing.json", 404)

    # Alerts with content, pushed and served.
    folder = tmp_path / "alerts"
    folder.mkdir()
    shutil.copy(shared_data / ALERTS, folder / "subway-alerts_20240120T185938.pb")
    alerted = start_trackside("--source", f"replay:{folder}", "--gtfs", shared_data / GTFS, "--replay-speed", "0.01",
                              wait_ready=True, start_timeout=90)
    body = rest.check(alerted, "/api/alerts")
    assert len(body["alerts"]) > 100
    station = max({s for a in body["alerts"] for s in a["stations"]},
                  key=lambda s: sum(s in a["stations"] for a in body["alerts"]))
    rest.check(alerted, f"/api/stations/{station}")
    client = Recorder(alerted, seen_messages)
    client.receive()
    client.send({"op": "watch", "station": station})
    first = client.until(lambda m: m["type"] == "alerts")
    assert first["reset"] and first["add"]
    client.send({"op": "watch", "route": "A"})
    assert client.until(lambda m: m["type"] == "alerts" and m.get("route") == "A")["add"]
    client.close()

    # A bus stop, its board (Bus Time's distances, no times) and the buses' stops.
    replay = tmp_path / "bus-replay"
    replay.mkdir()
    (replay / "siri-sm_20120905T145422.json").symlink_to(shared_data / SM_FILE)
    buses = start_trackside("--source", f"replay:{replay}", "--gtfs", b63_gtfs(tmp_path / "gtfs"), "--tick", "0.5",
                            wait_ready=True, start_timeout=60)
    stops = rest.check(buses, "/api/bus-stops?bbox=-74,40.6,-73.9,40.7")
    assert [f["properties"]["id"] for f in stops["features"]] == ["308209"]
    rest.check(buses, "/api/bus-stops/308209")
    board = rest.check(buses, "/api/bus-stops/308209/arrivals")
    assert board["groups"] and "stops_away" in board["groups"][0]["arrivals"][0]
    rest.check(buses, "/api/search?q=union")
    rest.check(buses, "/api/entrances", 404)
    client = Recorder(buses, seen_messages)
    client.receive()
    client.send({"op": "watch", "bus_stop": "308209"})
    assert client.until(lambda m: m["type"] == "arrivals")["bus_stop"] == "308209"
    client.close()

    assert set(seen_messages) == {"hello", "snapshot", "delta", "arrivals", "alerts", "elevators", "vehicle", "error"}, seen_messages
    documented = {path for path, item in contract.DOCUMENT["paths"].items() if "get" in item}
    unchecked = documented - set(rest.seen) - {"/ws"}
    assert not unchecked, f"documented but never checked against a real answer: {sorted(unchecked)}"


def test_every_route_the_server_installs_is_documented():
    """The routes in Sources (router.get / addDeferred / webSocket patterns) and the OpenAPI paths are the same set."""
    installed = set()
    for source in (contract.ROOT / "Sources").rglob("*.swift"):
        text = source.read_text()
        installed |= set(re.findall(r'router\.(?:get|webSocket)\("(/[^"]*)"', text))
        installed |= set(re.findall(r'router\.addDeferred\("GET", "(/[^"]*)"', text))
        installed |= set(re.findall(r'install\w*\("(/[^"]*)", on: router', text))
        installed |= set(re.findall(r'static let \w*[pP]ath = "(/[^"]*)"', text))  # installed as router.get(….path)
    installed.discard("/echo")  # --enable-echo, for conformance runs
    documented = set(contract.DOCUMENT["paths"])
    assert installed - documented == set(), "routes missing from docs/openapi.json"
    assert documented - installed == set(), "docs/openapi.json documents routes the server does not have"


def test_the_schemas_refuse_what_the_protocol_refuses():
    """The validators are not vacuous: messages the protocol does not allow fail them."""
    vehicle = {"id": "v", "kind": "subway", "route": "1", "lat": 40.7, "lon": -74.0, "bearing": 90, "status": "moving",
               "age": 3, "src": "inferred", "ts": 1}
    snapshot = {"type": "snapshot", "epoch": "0123456789abcdef", "seq": 1, "ts": 1, "vehicles": [vehicle]}
    assert contract.errors(contract.SERVER_MESSAGE, snapshot) == []
    for broken in [
        {**snapshot, "vehicles": [{k: v for k, v in vehicle.items() if k != "id"}]},
        {**snapshot, "vehicles": [{**vehicle, "status": "flying"}]},
        {**snapshot, "vehicles": [{**vehicle, "speed": 3}]},
        {**snapshot, "seq": -1},
        {"type": "hello", "server": "trackside/1", "epoch": "0123456789abcdef", "source": "demo"},
        {"type": "error", "code": "oops", "message": ""},
        {"type": "gossip"},
    ]:
        assert contract.errors(contract.SERVER_MESSAGE, broken), broken
    assert contract.errors(contract.CLIENT_MESSAGE, {"op": "subscribe", "bbox": MANHATTAN}) == []
    for broken in [{"op": "subscribe"}, {"op": "subscribe", "bbox": [1, 2, 3]}, {"op": "watch"},
                   {"op": "watch", "station": "127", "route": "A"}, {"op": "dance"}, {"op": "watch", "station": "a b"}]:
        assert contract.errors(contract.CLIENT_MESSAGE, broken), broken


def handshake(port, protocols):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        extra = [f"Sec-WebSocket-Protocol: {protocols}"] if protocols else []
        sock.sendall(raw.handshake_request(path="/ws", extra=extra))
        return raw.read_response_head(sock)[:2]


def test_the_subprotocol_is_echoed_when_offered_and_absent_otherwise(trackside_server):
    # RFC 6455 §4.2.2: the server picks one of the offered names or none; it never refuses for the header alone.
    for offered, chosen in [("trackside.v1", "trackside.v1"), ("chat, trackside.v1", "trackside.v1"),
                            ("chat", None), ("trackside.v2", None), (None, None)]:
        status, headers = handshake(trackside_server.port, offered)
        assert status == 101, offered
        assert headers.get("sec-websocket-protocol") == chosen, offered
