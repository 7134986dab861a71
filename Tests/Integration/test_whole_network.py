"""`{"op":"subscribe","region":"all"}` and `GET /api/vehicles?region=all` (docs/PROTOCOL.md): the whole network in
one view, answered with a snapshot and deltas like a box, held to the same view budget and refused over it (never
thinned). Against a real `trackside serve` replaying the whole subway network (trackside_api.full_network_args)."""
import json
import subprocess
import sys
import time

from websockets.sync.client import connect

import contract
from trackside_api import NEW_YORK_CITY, ROOT_EXAMPLES, fetch, full_network_args, get_json, get_with_status


class Socket:
    """A push connection past its hello; `view()` returns the next snapshot, delta or error. What it sends and
    receives is checked against the JSON Schemas (docs/schema), the new `region` member included."""

    def __init__(self, server):
        self.socket = connect(f"ws://{server.host}:{server.port}/ws", open_timeout=10)
        assert json.loads(self.socket.recv(timeout=15))["type"] == "hello"

    def send(self, message):
        expected = [] if message.get("region", "all") == "all" else ["region: 'all' was expected"]
        assert contract.errors(contract.CLIENT_MESSAGE, message) == expected, message
        self.socket.send(json.dumps(message))

    def view(self):
        while True:
            message = json.loads(self.socket.recv(timeout=15))
            assert contract.errors(contract.SERVER_MESSAGE, message) == [], message["type"]
            if message["type"] in ("snapshot", "delta", "error"):
                return message

    def reply(self):
        """The next error, past the deltas of ticks already on their way."""
        while (message := self.view())["type"] != "error":
            pass
        return message


def settled(server, path, minimum):
    """The answer of `path` once it lists at least `minimum` vehicles (the replay's seven feeds arrive in turn)."""
    deadline = time.monotonic() + 30
    while True:
        answer = get_json(server, path)
        if len(answer["vehicles"]) >= minimum or time.monotonic() > deadline:
            return answer
        time.sleep(0.5)


def test_the_whole_network_is_one_subscription_kept_equal_to_rest(start_trackside, shared_data):
    server = start_trackside(*full_network_args(shared_data), wait_ready=True, start_timeout=90)
    everything = settled(server, "/api/vehicles?region=all", 100)
    lats = [v["lat"] for v in everything["vehicles"]]
    assert len(lats) >= 100 and max(lats) - min(lats) > 0.3, "the whole network: far more than a 30 km box"
    assert {v["route"] for v in everything["vehicles"]} >= {"A", "1", "7", "L", "G", "Q"}

    client = Socket(server)
    client.send({"op": "subscribe", "region": "all"})
    snapshot = client.view()
    assert snapshot["type"] == "snapshot", snapshot
    shown = {v["id"]: v for v in snapshot["vehicles"]}
    seq = snapshot["seq"]
    # Deltas every tick, without gaps. REST answers from the hub's queue, after every delta of its seq was handed
    # over, so once the client has applied the deltas up to a REST answer's seq it shows exactly that answer.
    for _ in range(3):
        rest = get_json(server, "/api/vehicles?region=all")
        while seq < rest["seq"]:
            delta = client.view()
            assert delta["type"] == "delta" and delta["seq"] == seq + 1, delta
            seq = delta["seq"]
            for vehicle_id in delta["remove"]:
                shown.pop(vehicle_id, None)
            shown.update({v["id"]: v for v in delta["upsert"]})
        assert seq == rest["seq"] and shown == {v["id"]: v for v in rest["vehicles"]}

    # Every vehicle is in New York, so the whole network is what a box of the city shows, and the GeoJSON twin agrees.
    city = ",".join(map(str, NEW_YORK_CITY))
    for _ in range(20):
        answers = [get_json(server, "/api/vehicles?region=all"), get_json(server, f"/api/vehicles?bbox={city}"),
                   get_json(server, "/api/vehicles.geojson?region=all")]
        if len({a["seq"] for a in answers}) == 1:
            break
    whole, boxed, geojson = answers
    assert whole["seq"] == boxed["seq"] == geojson["seq"]
    assert [v["id"] for v in whole["vehicles"]] == [v["id"] for v in boxed["vehicles"]] == [f["id"] for f in geojson["features"]]

    # Neither, both, or another region: refused as a malformed view, on both sides.
    for query, words in [("", "bbox=minLon,minLat,maxLon,maxLat or region=all is required"),
                         ("?region=all&bbox=-74,40.6,-73.9,40.8", 'one of "bbox" and "region"'),
                         ("?region=manhattan", 'region must be "all"')]:
        status, body = get_with_status(server, "/api/vehicles" + query)
        assert status == 400 and body["error"]["code"] == "bad_request" and words in body["error"]["message"], body
    client.send({"op": "subscribe", "region": "everywhere"})
    refused = client.reply()
    assert refused["code"] == "bad_request" and 'region must be "all"' in refused["message"]
    client.socket.close()

    # The example client subscribes to the whole network and prints every train.
    result = subprocess.run([sys.executable, str(ROOT_EXAMPLES / "python/live_vehicles.py"), "--server",
                             f"ws://{server.host}:{server.port}", "--all", "--layers", "subway", "--updates", "2"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    summaries = [line for line in result.stdout.splitlines() if line.startswith("-- seq ")]
    assert len(summaries) == 2 and summaries[0].endswith("(snapshot, %s changed)" % summaries[0].split()[3])
    # (The replay's rounds start with the feeds arriving in turn, so a snapshot may catch a round's first few.)
    printed = [line.split() for line in result.stdout.splitlines() if line.startswith("subway ")]
    assert len(printed) >= int(summaries[0].split()[3]) >= 20
    assert len({words[1] for words in printed}) >= 3, "trains of several lines, wherever they are"


def test_a_network_over_the_budget_is_refused_with_what_to_do_never_thinned(start_trackside, shared_data):
    server = start_trackside(*full_network_args(shared_data), "--max-view-vehicles", "20", wait_ready=True, start_timeout=90)
    # Every vehicle, without a budget: the GTFS-realtime export the refusal points to.
    deadline = time.monotonic() + 30
    while True:
        status, _, body = fetch(server, "/gtfs-rt/vehicle-positions.pb?format=json")
        entities = json.loads(body).get("entity", [])
        if len(entities) > 100 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    per_route = {}
    for entity in entities:
        route = entity["vehicle"]["trip"]["route_id"]
        per_route[route] = per_route.get(route, 0) + 1
    assert len(entities) > 100
    small = sorted(route for route, count in per_route.items() if 0 < count <= 8)[:2]
    assert small, per_route

    status, body = get_with_status(server, "/api/vehicles?region=all")
    assert status == 400 and body["error"]["code"] == "bbox_too_large"
    message = body["error"]["message"]
    assert message.startswith("the whole network holds ") and int(message.split()[4]) > 20
    assert message.endswith("; the limit is 20; narrow it with layers or routes, or read every vehicle from /gtfs-rt/vehicle-positions.pb")

    client = Socket(server)
    client.send({"op": "subscribe", "region": "all", "routes": small})
    narrowed = client.view()
    assert narrowed["type"] == "snapshot", narrowed
    # (A replay round starts with its feeds arriving in turn: the routes' trains may come in the next deltas.)
    seen = narrowed["vehicles"]
    for _ in range(20):
        if seen:
            break
        seen = client.view()["upsert"]
    assert seen and {v["route"] for v in seen} <= set(small)
    client.send({"op": "subscribe", "region": "all"})
    refused = client.reply()
    assert refused["code"] == "bbox_too_large" and refused["message"] == message.replace(
        message.split()[4], refused["message"].split()[4])
    # The refusal changed nothing: the deltas that follow are still of the narrowed view, never a sample of the rest.
    for _ in range(3):
        delta = client.view()
        assert delta["type"] == "delta" and {v["route"] for v in delta["upsert"]} <= set(small)
    client.socket.close()
