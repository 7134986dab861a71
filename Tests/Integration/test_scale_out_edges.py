"""End to end with a real redis-server: what an edge serves besides vehicles, and the edges' faults.

One Redis, one `--role engine` and two `--role edge` processes serve the whole file (module fixtures); the tests
run in file order (the second kills an edge and starts another). The engine relays the feed payloads it ingests
on the stream (docs/ARCHITECTURE.md, "Scale out"), so an edge computes the same arrival boards, vehicle cards
and alerts as the engine at the same seq. The stream is kept short (`--history-retention 5`: MAXLEN ~ 40, the
floor, in Redis stream nodes of 10 entries), so an edge paused for about 30 s falls behind its trim point."""
import json
import os
import signal
import time
import urllib.request

import pytest

from conftest import TracksideServer
from redis_server import RedisServer
from test_agencies import CAIRNS_EVENING, agencies, table  # noqa: F401 (agencies is a fixture)
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
    servers["start"], servers["redis"] = start, redis
    yield servers
    for name, server in servers.items():
        if name not in ("start", "redis") and not getattr(server, "killed", False):
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


def a_board_with_arrivals(server, kind, bbox=CITY):
    """A station's (or a bus stop's, in `bbox`) id whose board lists arrivals now."""
    listing = json.loads(get(server, "/api/stations" if kind == "stations" else "/api/bus-stops?bbox=" + ",".join(map(str, bbox))))
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
    # A train standing at its terminus has no stops ahead: the card checked is one still under way.
    vehicles = json.loads(get(engine, VEHICLES))["vehicles"]
    trip = next(v["id"] for v in vehicles
                if v.get("trip") and json.loads(get(engine, f"/api/vehicles/{v['id']}")).get("stops"))
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


def metric(server, name):
    for line in get(server, "/metrics").decode().splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])


def test_an_edge_killed_with_kill_9_its_client_resumes_on_another_edge_from_history_with_a_delta(cluster):
    doomed, survivor = cluster["edge1"], cluster["edge0"]
    client = Client(doomed)
    client.subscribe()
    client.until(client.seq + 2)
    doomed.process.kill()  # SIGKILL: the socket is cut, nothing is said
    doomed.process.wait()
    doomed.killed = True
    with pytest.raises(Exception):
        client.receive(timeout=5)
    time.sleep(1.5)  # a few ticks pass before it is back: the resume has something to bring
    # The client comes back on the other edge within the resume window (5 s here) and asks from its last seq.
    again = Client(survivor)
    assert again.hello["epoch"] == client.hello["epoch"]
    again.vehicles, again.seq = client.vehicles, client.seq
    answer = again.resume(client.hello["epoch"], client.seq)
    print(f"edge killed at seq {client.seq}: resumed on the other edge with a {answer['type']} to seq {answer['seq']}")
    assert answer["type"] == "delta" and again.snapshots == 0, answer["type"]
    assert answer["seq"] >= client.seq
    assert_matches_rest(survivor, again, VEHICLES)
    again.close()
    cluster["start"]("edge2", "edge").wait_ready(timeout=60)


def test_an_edge_that_fell_behind_the_trim_point_reloads_the_board_instead_of_serving_the_gap(cluster):
    engine, edge = cluster["engine"], cluster["edge2"]
    client = Client(edge)
    client.subscribe()
    client.until(client.seq + 2)
    reloads = metric(edge, "trackside_stream_reloads_total")
    paused_at = seq(edge)
    os.kill(edge.process.pid, signal.SIGSTOP)
    try:
        # Two ticks a second; the stream keeps 40 to 50 entries (MAXLEN ~ 40, the floor, in nodes of 10). The
        # edge's reader may be a few entries past the seq its REST answered (read and pushed, the tick's boards not
        # yet computed when it stopped; 4 seen here): the trim must pass those too, or there is no
        # gap to find.
        trimmed_to = wait_until(lambda: (lambda first: first if first > paused_at + 10 else None)(
            int(redis_first_seq(cluster) or 0)), 60, "the stream was not trimmed past the paused edge")
    finally:
        os.kill(edge.process.pid, signal.SIGCONT)
    wait_until(lambda: metric(edge, "trackside_stream_reloads_total") > reloads, 30, "the edge did not reload")
    # What the client reads next: the deltas the edge had read before the pause (all older than the trim point), in
    # order, then one jump past it (the keyframe the edge loaded; nothing from the gap was served). Its resume from before the
    # jump is a snapshot, since the edge's history restarted at the keyframe; then it agrees with the engine.
    seen = client.seq
    while client.jumps == 0:
        seen = client.seq
        client.receive(timeout=15)
    assert seen < trimmed_to < client.seq, (paused_at, seen, client.seq, trimmed_to)
    assert client.jumps == 1
    # Ticks' deltas keep coming; the answer to the resume is the one snapshot among them.
    client.send({"op": "resume", "epoch": client.hello["epoch"], "seq": seen, "bbox": CITY})
    snapshots = client.snapshots
    deadline = time.monotonic() + 10
    while client.snapshots == snapshots and time.monotonic() < deadline:
        client.receive(timeout=max(0.1, deadline - time.monotonic()))
    assert client.snapshots == snapshots + 1, "the resume from before the keyframe was not answered with a snapshot"
    print(f"edge paused at seq {paused_at}, stream trimmed to {trimmed_to}: reloaded, the client jumped from {seen}"
          f" and its resume was answered with a snapshot")
    assert_matches_rest(edge, client, VEHICLES)
    at, (ours, theirs) = at_one_seq([engine, edge], VEHICLES)
    assert ours == theirs, f"the reloaded edge differs from the engine at seq {at}"
    client.close()


def redis_first_seq(cluster):
    """The seq of the oldest entry the stream still holds (ids are term-seq)."""
    info = cluster["redis"].command("XINFO", "STREAM", "trackside:ticks")
    fields = dict(zip(info[::2], info[1::2]))
    first = fields[b"first-entry"]
    return first[0].split(b"-")[1] if first else None


def test_an_edge_serves_a_bus_stops_board_as_the_engine_does(trackside_bin, tmp_path, agencies):
    """Cairns simulated through Redis (buses only, stops without parent stations): an edge answers a bus stop's
    board and the stop's page (its routes, their labels, the board) as the engine does at the same seq (the NYC demo
    of the cluster above has no buses)."""
    gtfs = agencies / "cairns_gtfs.zip"
    stops = [(float(row["stop_lon"]), float(row["stop_lat"])) for row in table(gtfs, "stops.txt")]
    bbox = [min(p[0] for p in stops), min(p[1] for p in stops), max(p[0] for p in stops), max(p[1] for p in stops)]
    redis = RedisServer()
    servers = []
    try:
        for role in ("engine", "edge"):
            servers.append(TracksideServer(trackside_bin, ["--role", role, "--redis", redis.url, "--tick", "0.5",
                                                           "--source", "sim", "--gtfs", str(gtfs),
                                                           "--sim-start", str(CAIRNS_EVENING), "--sim-interval", "2"],
                                           tmp_path, start_timeout=60))
            servers[-1].wait_ready(timeout=60)
        engine, edge = servers
        stop = wait_until(lambda: a_board_with_arrivals(engine, "bus-stops", bbox), 30, "no bus stop listed arrivals")
        for path in (f"/api/bus-stops/{stop}/arrivals", f"/api/bus-stops/{stop}"):
            at, (ours, theirs) = at_one_seq([engine, edge], path)
            assert ours == theirs, f"{path} differs at seq {at}:\n{ours[:400]}\n{theirs[:400]}"
        board = json.loads(get(edge, f"/api/bus-stops/{stop}/arrivals"))
        assert any(group.get("arrivals") for group in board["groups"]), board
        print(f"bus stop {stop}: the edge's board and page equal the engine's at one seq")
    finally:
        for server in servers:
            assert server.stop() == 0, server.log()
        redis.close()
