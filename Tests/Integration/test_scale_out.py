"""End to end with a real redis-server: `trackside serve --role engine` publishing the demo's ticks to the Redis
stream under the lease, `--role edge` processes serving WebSocket and REST from it (docs/SCALING.md).

What each test shows is what clients saw: the messages they received, at which seq, and whether they needed a
snapshot. The demo source is bundled, so nothing here needs ../shared/data."""
import json
import time
import urllib.request

import pytest
from websockets.sync.client import connect

from redis_server import RedisServer
from trackside_api import get_with_status

CITY = [-74.3, 40.45, -73.65, 40.95]


@pytest.fixture
def redis():
    server = RedisServer()
    yield server
    server.stop()


def start_role(start_trackside, role, redis, *extra):
    return start_trackside("--role", role, "--redis", redis.url, "--tick", "0.5", *extra, start_timeout=60)


def get(server, path):
    with urllib.request.urlopen(server.base_url + path, timeout=10) as response:
        return response.read()


def wait_until(condition, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"{what} within {timeout} s")


def assert_matches_rest(server, client, path):
    """The client's view equals the server's REST answer at the same seq (the client caught up first)."""
    for _ in range(20):
        answer = json.loads(get(server, path))
        if answer["seq"] < client.seq:
            continue
        client.until(answer["seq"])
        if client.seq == answer["seq"]:
            assert client.vehicles == {v["id"]: v for v in answer["vehicles"]}, f"mismatch at seq {client.seq}"
            return
    raise AssertionError("REST and the stream never met at one seq")


class Client:
    """A push client that keeps every message it received, applying views as the map page does."""

    def __init__(self, server):
        self.socket = connect(f"ws://{server.host}:{server.port}/ws", open_timeout=10)
        self.hello = json.loads(self.socket.recv(timeout=10))
        self.texts = []
        self.arrivals = []
        self.jumps = 0
        self.vehicles = {}
        self.seq = None
        self.snapshots = 0

    def send(self, message):
        self.socket.send(json.dumps(message))

    def receive(self, timeout=10.0):
        text = self.socket.recv(timeout=timeout)
        message = json.loads(text)
        if message["type"] in ("snapshot", "delta"):
            if message["type"] == "delta" and self.seq is not None and message["seq"] > self.seq + 1:
                self.jumps += 1
            self.texts.append(text)
            self.arrivals.append(time.monotonic())
            if message["type"] == "snapshot":
                self.snapshots += 1
                self.vehicles = {v["id"]: v for v in message["vehicles"]}
            else:
                for vehicle_id in message["remove"]:
                    self.vehicles.pop(vehicle_id, None)
                for vehicle in message["upsert"]:
                    self.vehicles[vehicle["id"]] = vehicle
            self.seq = message["seq"]
        return message

    def subscribe(self):
        self.send({"op": "subscribe", "bbox": CITY})
        return self.receive()

    def resume(self, epoch, seq):
        self.send({"op": "resume", "epoch": epoch, "seq": seq, "bbox": CITY})
        return self.receive()

    def until(self, seq, timeout=10.0):
        deadline = time.monotonic() + timeout
        while self.seq is None or self.seq < seq:
            self.receive(max(0.1, deadline - time.monotonic()))

    def deltas_by_seq(self):
        found = {}
        for text in self.texts:
            message = json.loads(text)
            if message["type"] == "delta":
                found[message["seq"]] = text
        return found

    def close(self):
        self.socket.close()


def test_edges_agree_with_each_other_and_the_engine_at_every_seq_and_resume_across_edges_is_a_delta(
        start_trackside, redis):
    engine = start_role(start_trackside, "engine", redis)
    wait_until(lambda: get_with_status(engine, "/readyz")[0] == 200, 30, "the engine was not ready")
    edges = [start_role(start_trackside, "edge", redis) for _ in range(2)]
    for edge in edges:
        wait_until(lambda: get_with_status(edge, "/readyz")[0] == 200, 30, "an edge was not ready")
    clients = [Client(server) for server in [engine, *edges]]
    epochs = {client.hello["epoch"] for client in clients}
    assert len(epochs) == 1, f"every process shares the engine's epoch: {epochs}"
    for client in clients:
        assert client.subscribe()["type"] == "snapshot"
    start = max(client.seq for client in clients)
    for client in clients:
        client.until(start + 10)
    # Identical push: every delta from `start` on carries the same bytes on the engine and both edges.
    common = set(range(start + 1, start + 11))
    engine_deltas = clients[0].deltas_by_seq()
    assert common <= engine_deltas.keys()
    moved = 0
    for client in clients[1:]:
        deltas = client.deltas_by_seq()
        for seq in sorted(common):
            assert deltas[seq] == engine_deltas[seq], f"delta {seq} differs"
            moved += len(json.loads(deltas[seq])["upsert"])
    assert moved > 0, "the demo's trains moved during the test"
    # Identical REST: /api/vehicles answered at one seq is the same document everywhere.
    path = "/api/vehicles?bbox=" + ",".join(map(str, CITY))

    def same_seq():
        bodies = [get(server, path) for server in [engine, *edges]]
        return bodies if len({json.loads(body)["seq"] for body in bodies}) == 1 else None
    bodies = wait_until(same_seq, 15, "REST never answered one seq on all three")
    assert bodies[0] == bodies[1] == bodies[2]
    # A client of edge 0 reconnects to edge 1 and resumes: one delta, no snapshot, and its view is edge 1's REST.
    mover = clients[1]
    mover.close()
    time.sleep(1.2)
    again = Client(edges[1])
    again.vehicles, again.seq = mover.vehicles, mover.seq
    answer = again.resume(mover.hello["epoch"], mover.seq)
    assert answer["type"] == "delta" and again.snapshots == 0, answer["type"]
    assert_matches_rest(edges[1], again, path)
    for client in [clients[0], clients[2], again]:
        client.close()
    # /metrics says what each process did: the engine appended as the leader, the edges read.
    def metric(server, name):
        for line in get(server, "/metrics").decode().splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
    assert metric(engine, "trackside_stream_leading") == 1 and metric(engine, "trackside_stream_appended_total") > 10
    for edge in edges:
        assert metric(edge, "trackside_stream_entries_read_total") > 10 and metric(edge, "trackside_stream_read_bytes_total") > 0


def test_kill_9_of_the_leading_engine_the_standby_publishes_within_5_s_and_clients_need_no_snapshot(
        start_trackside, redis):
    first = start_role(start_trackside, "engine", redis)
    wait_until(lambda: get_with_status(first, "/readyz")[0] == 200, 30, "the first engine was not ready")
    second = start_role(start_trackside, "engine", redis)
    wait_until(lambda: "leading with term" in first.log(), 10, "the first engine did not lead")
    edge = start_role(start_trackside, "edge", redis)
    wait_until(lambda: get_with_status(edge, "/readyz")[0] == 200, 30, "the edge was not ready")
    client = Client(edge)
    client.subscribe()
    client.until(client.seq + 4)
    first.process.kill()  # SIGKILL: no lease release, the standby waits for the TTL
    first.process.wait()
    killed_at, seq_at_kill = time.monotonic(), client.seq
    # The edge may still be behind the stream (a loaded machine): the ticks the killed engine wrote last are
    # not the standby's. Its last entry is read from Redis, and the standby is judged by the first tick after it.
    [[last_id, _]] = redis.command("XREVRANGE", "trackside:ticks", "+", "-", "COUNT", "1")
    last_term, last_seq = map(int, last_id.decode().split("-"))
    client.until(last_seq + 3, timeout=15)
    wait_until(lambda: f"leading with term {last_term + 1}" in second.log(), 5, "the standby did not lead")
    index = next(i for i, t in enumerate(client.texts) if json.loads(t)["seq"] > seq_at_kill)
    resumed = json.loads(client.texts[index])["seq"]
    standby = next(i for i, t in enumerate(client.texts) if json.loads(t)["seq"] > last_seq)
    gap = client.arrivals[standby] - killed_at
    assert client.snapshots == 1, "only the first subscribe's snapshot"
    seqs = [json.loads(t)["seq"] for t in client.texts]
    assert seqs == list(range(seqs[0], seqs[-1] + 1)), f"seqs continue without a gap: {seqs}"
    assert resumed == seq_at_kill + 1
    # The standby's first tick reached the client within 5 s of the kill (lease TTL 3 s, a standby asks every 0.5 s).
    print(f"kill -9 of the leader: the standby's first delta (seq {last_seq + 1}) after {gap:.2f} s")
    assert gap < 5, f"the standby took {gap:.1f} s"
    assert_matches_rest(edge, client, "/api/vehicles?bbox=" + ",".join(map(str, CITY)))
    client.close()
    first.process.returncode = 0  # killed on purpose: the teardown's exit check does not apply


def test_redis_restarted_edges_keep_serving_marked_stale_and_clients_need_at_most_one_snapshot(start_trackside, redis):
    engine = start_role(start_trackside, "engine", redis)
    wait_until(lambda: get_with_status(engine, "/readyz")[0] == 200, 30, "the engine was not ready")
    edge = start_role(start_trackside, "edge", redis)
    wait_until(lambda: get_with_status(edge, "/readyz")[0] == 200, 30, "the edge was not ready")
    client = Client(edge)
    client.subscribe()
    client.until(client.seq + 2)
    path = "/api/vehicles?bbox=" + ",".join(map(str, CITY))
    redis.kill()
    # Still serving the last state, and saying the stream is stale.
    def stale():
        code, body = get_with_status(edge, "/readyz")
        return body if code == 503 and "stream" in body["stale"] else None
    wait_until(stale, 10, "the edge never said its stream was stale")
    before = json.loads(get(edge, path))
    assert before["vehicles"], "the last state is still served"
    feeds = json.loads(get(edge, "/api/feeds"))
    assert any(feed["id"] == "stream" and feed["stale"] for feed in feeds["feeds"]), feeds
    redis.start()
    wait_until(lambda: get_with_status(edge, "/readyz")[0] == 200, 20, "the edge did not recover")
    # Deltas flow again; a client that saw seq jump resumes, as the protocol asks, and needs one snapshot at most.
    target = before["seq"] + 3
    deadline = time.monotonic() + 15
    while client.seq < target and time.monotonic() < deadline:
        seen = client.seq
        jumps = client.jumps
        client.receive(timeout=10)
        if client.jumps > jumps:
            client.resume(client.hello["epoch"], seen)
    print(f"Redis restarted: the client saw {client.jumps} jumps and {client.snapshots - 1} snapshots after the first")
    assert client.seq >= target
    assert client.snapshots <= 2, "at most one snapshot after the first"
    assert_matches_rest(edge, client, path)
    client.close()


def test_engine_and_edge_roles_refuse_to_start_without_redis(trackside_bin):
    import subprocess
    for role in ("engine", "edge"):
        done = subprocess.run([str(trackside_bin), "serve", "--port", "0", "--role", role], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode != 0 and "needs --redis" in done.stdout + done.stderr, (done.returncode, done.stderr)
    done = subprocess.run([str(trackside_bin), "serve", "--role", "leader"], capture_output=True, text=True, timeout=30)
    assert done.returncode != 0 and "all, engine or edge" in done.stdout + done.stderr
