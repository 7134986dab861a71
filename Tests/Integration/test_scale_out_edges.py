"""End to end with a real redis-server: what an edge serves besides vehicles, and the edges' faults.

One Redis, one `--role engine` and two `--role edge` processes serve the whole file (module fixtures); the tests
run in file order, the last one killing the engine. The engine relays the feed payloads it ingests on the stream
(docs/ARCHITECTURE.md, "Scale out"), so an edge computes the same arrival boards, bus-stop boards, vehicle cards
and alerts as the engine at the same seq. The stream is kept short (`--history-retention 5` and 10 entries per
Redis stream node), so an edge paused for 25 s falls behind its trim point."""
import json
import os
import signal
import time
import urllib.request

import pytest

from conftest import TracksideServer
from redis_server import RedisServer
from test_scale_out import CITY, Client, assert_matches_rest, get, wait_until
from trackside_api import get_with_status

VEHICLES = "/api/vehicles?bbox=" + ",".join(map(str, CITY))


@pytest.fixture(scope="module")
def cluster(trackside_bin, tmp_path_factory):
    """Redis, the engine and two edges, stopped (SIGTERM, exit 0 unless killed on purpose) at the end."""
    redis = RedisServer(arguments=["--stream-node-max-entries", "10"])
    folder = tmp_path_factory.mktemp("scale-out-edges")
    servers = {}

    def start(name, role):
        servers[name] = TracksideServer(trackside_bin, ["--role", role, "--redis", redis.url, "--tick", "0.5",
                                                        "--history-retention", "5"], folder, start_timeout=60)
        return servers[name]
    start("engine", "engine").wait_ready(timeout=60)
    for name in ("edge0", "edge1"):
        start(name, "edge").wait_ready(timeout=60)
    servers["start"] = start
    yield servers
    for name, server in servers.items():
        if name != "start" and not getattr(server, "killed", False):
            assert server.stop() == 0, server.log()
    redis.close()


def seq(server):
    return json.loads(get(server, VEHICLES))["seq"]


def at_one_seq(servers, path, tries=40):
    """The bodies `servers` answer for `path` read between two equal readings of every server's seq."""
    for _ in range(tries):
        before = [seq(server) for server in servers]
        bodies = [get(server, path) for server in servers]
        after = [seq(server) for server in servers]
        if len(set(before + after)) == 1:
            return before[0], bodies
        time.sleep(0.05)
    raise AssertionError(f"{path}: the servers never held one seq while answering")


def a_board_with_arrivals(server, kind):
    """A station's (or a bus stop's) id whose board lists arrivals now."""
    listing = json.loads(get(server, "/api/stations" if kind == "stations" else "/api/bus-stops?bbox=" + ",".join(map(str, CITY))))
    for feature in listing["features"][:400]:
        place = feature["properties"]["id"]
        board = json.loads(get(server, f"/api/{kind}/{place}/arrivals"))
        if any(group.get("arrivals") for group in board.get("groups", [])):
            return place
    return None


def test_an_edge_serves_boards_alerts_cards_and_the_export_as_the_engine_does_at_the_same_seq(cluster):
    engine, edge = cluster["engine"], cluster["edge0"]
    station = wait_until(lambda: a_board_with_arrivals(engine, "stations"), 20, "no station board listed arrivals")
    for path in (f"/api/stations/{station}/arrivals", f"/api/stations/{station}/board?rows=4", "/api/alerts"):
        at, (ours, theirs) = at_one_seq([engine, edge], path)
        assert ours == theirs, f"{path} differs at seq {at}:\n{ours[:400]}\n{theirs[:400]}"
    alerts = json.loads(get(edge, "/api/alerts"))
    assert alerts["alerts"], "the demo's alerts reached the edge"
    # A vehicle card: the vehicle as sent, with its trip's stops ahead, the same document on both.
    vehicles = json.loads(get(engine, VEHICLES))["vehicles"]
    trip = next(v["id"] for v in vehicles if v.get("trip"))
    for _ in range(40):
        ours, theirs = (json.loads(get(server, f"/api/vehicles/{trip}")) for server in (engine, edge))
        if ours["seq"] == theirs["seq"]:
            break
    assert ours == theirs and ours.get("stops"), f"the card of {trip} differs at seq {ours['seq']}"
    # The GTFS-realtime export lists the vehicles the edge publishes, at the same tick.
    for _ in range(40):
        before = json.loads(get(edge, VEHICLES))
        exported = json.loads(get(edge, "/gtfs-rt/vehicle-positions.pb?format=json"))
        if seq(edge) == before["seq"]:
            break
    assert sorted(e["id"] for e in exported["entity"]) == sorted(v["id"] for v in before["vehicles"]) != []
    # A watcher of the station on the edge is pushed the board, the same as the engine's REST at that tick.
    client = Client(edge)
    client.send({"op": "watch", "station": station})
    pushed = wait_until(lambda: next((m for m in iter(lambda: json.loads(client.socket.recv(timeout=10)), None)
                                      if m["type"] == "arrivals"), None), 15, "no board pushed on the edge")
    assert pushed["station"] == station and any(group.get("arrivals") for group in pushed["groups"])
    client.close()
