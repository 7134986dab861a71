"""End to end: `trackside serve --source replay:…` on the recorded 7-train feeds and the 2018 subway GTFS,
with real WebSocket clients (Python `websockets`, permessage-deflate negotiated by default).

The invariant under test (docs/PROTOCOL.md): a client that applies every snapshot and delta in order shows,
at seq N, exactly what `GET /api/vehicles` returns for the same bbox at seq N."""
import base64
import json
import os
import socket
import time
import urllib.request

import pytest
from websockets.sync.client import connect

from trackside_api import SEVEN_TRAIN_REPLAY, seven_train_replay_with_bad_files

REPLAY = SEVEN_TRAIN_REPLAY
GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
# The 7 line from Hudson Yards to Flushing, and two overlapping halves of it.
LINE_7 = [-74.01, 40.735, -73.82, 40.765]
WEST = [-73.96, 40.735, -73.90, 40.765]
EAST = [-73.92, 40.735, -73.86, 40.765]


@pytest.fixture
def seven_train_server(start_trackside, shared_data):
    """A server replaying the four 7-train snapshots at 10x (one new feed every 3 s), ticking every 0.5 s."""
    def start(replay_dir=None, *extra):
        folder = replay_dir or shared_data / REPLAY
        return start_trackside("--source", f"replay:{folder}", "--gtfs", shared_data / GTFS,
                               "--replay-speed", "10", "--tick", "0.5", *extra, start_timeout=90)
    return start


def rest(server, path):
    with urllib.request.urlopen(server.base_url + path, timeout=10) as response:
        return json.load(response)


def rest_vehicles(server, bbox):
    return rest(server, "/api/vehicles?bbox=" + ",".join(map(str, bbox)))


def ws_url(server):
    return f"ws://{server.host}:{server.port}/ws"


class Client:
    """A protocol client that applies what it receives, as the map page does."""

    def __init__(self, server):
        self.socket = connect(ws_url(server), open_timeout=10)
        self.hello = self.receive()
        assert self.hello["type"] == "hello" and self.hello["source"] == "replay"
        assert self.hello["server"].startswith("trackside/")
        self.vehicles = {}
        self.seq = None
        self.feed_ts = None

    def send(self, message):
        self.socket.send(json.dumps(message))

    def receive(self, timeout=10.0):
        return json.loads(self.socket.recv(timeout=timeout))

    def apply(self, message):
        if message["type"] == "snapshot":
            self.vehicles = {v["id"]: v for v in message["vehicles"]}
        elif message["type"] == "delta":
            assert message["seq"] >= (self.seq or 0), "seqs go backwards"
            assert not set(message["remove"]) & {v["id"] for v in message["upsert"]}
            for vehicle_id in message["remove"]:
                self.vehicles.pop(vehicle_id, None)
            for vehicle in message["upsert"]:
                self.vehicles[vehicle["id"]] = vehicle
        else:
            raise AssertionError(f"unexpected message {message}")
        self.seq = message["seq"]
        self.feed_ts = message.get("feed_ts", self.feed_ts)  # a delta leaves it out while it runs with ts
        return message

    def next_view_message(self, timeout=10.0):
        """The next snapshot or delta, applied."""
        return self.apply(self.receive(timeout))

    def catch_up(self, seq, timeout=5.0):
        """Applies messages until the client is at `seq` (every tick reaches every subscriber)."""
        deadline = time.monotonic() + timeout
        while self.seq < seq:
            self.next_view_message(max(0.1, deadline - time.monotonic()))

    def close(self):
        self.socket.close()


def assert_matches_rest(server, client, bbox):
    """Compares the client's view with REST at the same seq, catching the client up first."""
    for _ in range(20):
        answer = rest_vehicles(server, bbox)
        if answer["seq"] < client.seq:
            continue  # the client is ahead of this answer; ask again
        client.catch_up(answer["seq"])
        if client.seq == answer["seq"]:
            assert answer["epoch"] == client.hello["epoch"]
            assert client.vehicles == {v["id"]: v for v in answer["vehicles"]}, f"mismatch at seq {client.seq}"
            # The recording's clock: a replay at 10x moves it against ts every tick, so every delta carries it.
            assert answer["feed_ts"] == client.feed_ts, (answer["feed_ts"], client.feed_ts)
            return answer
    raise AssertionError("REST and the stream never met at one seq")


def test_every_snapshot_and_delta_equals_rest(seven_train_server):
    # Looping, so a client that subscribes after the first file has passed (a slow start) meets it again.
    server = seven_train_server(None, "--replay-loop")
    client = Client(server)
    client.send({"op": "subscribe", "bbox": LINE_7})
    snapshot = client.next_view_message()
    assert snapshot["type"] == "snapshot"
    assert_matches_rest(server, client, LINE_7)
    upserts = 0
    recorded = {1559402905, 1559402935, 1559402965, 1559402995}
    feed_times = {v["ts"] for v in snapshot["vehicles"]}
    # The whole recording at 10x is 12 s a round. It loops (same epoch, a new round), so a client
    # that subscribed after the first feed had passed (a slow start on a loaded machine) meets it
    # again in the next round: watch at least 11 s, and until every feed has arrived, up to two rounds.
    started = time.monotonic()
    checks = 0
    while time.monotonic() - started < 11 or not recorded <= feed_times:
        assert time.monotonic() - started < 26, f"feeds {sorted(recorded - feed_times)} never reached the client"
        message = client.next_view_message()
        assert message["type"] == "delta" and message["epoch"] == client.hello["epoch"]
        upserts += len(message["upsert"])
        feed_times.update(v["ts"] for v in message["upsert"])
        checks += 1
        assert_matches_rest(server, client, LINE_7)
    # Every feed of the recording reached the client, and nearly every tick was checked.
    assert recorded <= feed_times
    assert checks >= 15 and upserts >= 27
    assert len(client.vehicles) >= 20
    client.close()


def test_panning_sends_only_the_difference(seven_train_server):
    server = seven_train_server()
    client = Client(server)
    client.send({"op": "subscribe", "bbox": WEST})
    client.next_view_message()
    assert_matches_rest(server, client, WEST)
    before = dict(client.vehicles)
    client.send({"op": "subscribe", "bbox": EAST})
    while True:  # ticks may come first; the pan's reply is the delta at the same seq as the previous message
        seq_before = client.seq
        message = client.next_view_message()
        if message["seq"] == seq_before:
            break
        before = dict(client.vehicles)
    assert message["type"] == "delta"
    kept = set(before) & set(client.vehicles)
    assert not kept & {v["id"] for v in message["upsert"]}, "vehicles in both views were resent"
    assert set(message["remove"]) == set(before) - set(client.vehicles)
    assert_matches_rest(server, client, EAST)
    client.close()


def test_resume_after_reconnect_sends_the_missed_deltas(seven_train_server):
    server = seven_train_server()
    client = Client(server)
    client.send({"op": "subscribe", "bbox": LINE_7})
    client.next_view_message()
    for _ in range(3):
        client.next_view_message()
    epoch, seq, vehicles = client.hello["epoch"], client.seq, client.vehicles
    client.close()
    time.sleep(4)  # a new feed arrives meanwhile

    again = Client(server)
    assert again.hello["epoch"] == epoch
    again.vehicles, again.seq = vehicles, seq
    again.send({"op": "resume", "epoch": epoch, "seq": seq, "bbox": LINE_7})
    while True:  # skip ticks that arrive before the reply
        message = again.receive()
        if message["type"] == "delta" and message["seq"] > seq + 1 or message["type"] == "snapshot":
            break
    assert message["type"] == "delta", "a resume within the history must not fall back to a snapshot"
    again.apply(message)
    assert_matches_rest(server, again, LINE_7)
    again.close()

    stranger = Client(server)
    stranger.send({"op": "resume", "epoch": "not-this-server", "seq": seq, "bbox": LINE_7})
    assert stranger.next_view_message()["type"] == "snapshot"
    assert_matches_rest(server, stranger, LINE_7)
    stranger.close()


class RawClient:
    """A WebSocket client on a bare socket (no compression, no reader thread), so that not calling
    `frames()` really leaves the bytes in the kernel: the server sees a client that does not read."""

    def __init__(self, server):
        self.socket = socket.create_connection((server.host, server.port), timeout=10)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall((f"GET /ws HTTP/1.1\r\nHost: {server.host}:{server.port}\r\nUpgrade: websocket\r\n"
                             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.socket.recv(4096)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101")

    def send(self, message):
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        assert len(payload) < 126
        self.socket.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def messages(self, until_seq, timeout=10.0):
        """Reads and decodes text messages until one has seq >= `until_seq`."""
        deadline = time.monotonic() + timeout
        found = []
        while time.monotonic() < deadline:
            while len(self.buffer) >= 2:
                length, offset = self.buffer[1] & 0x7F, 2
                if length == 126:
                    length, offset = int.from_bytes(self.buffer[2:4], "big"), 4
                elif length == 127:
                    length, offset = int.from_bytes(self.buffer[2:10], "big"), 10
                if len(self.buffer) < offset + length:
                    break
                opcode, payload = self.buffer[0] & 0x0F, self.buffer[offset:offset + length]
                self.buffer = self.buffer[offset + length:]
                if opcode == 1:
                    found.append(json.loads(payload))
                    if found[-1].get("seq", -1) >= until_seq:
                        return found
            self.buffer += self.socket.recv(65536)
        raise AssertionError(f"no message with seq {until_seq} within {timeout} s")


def test_a_client_that_stops_reading_holds_up_no_one_and_misses_nothing(seven_train_server):
    server = seven_train_server()
    slow = RawClient(server)
    slow.send({"op": "subscribe", "bbox": LINE_7})
    fast = Client(server)
    fast.send({"op": "subscribe", "bbox": LINE_7})
    fast.next_view_message()
    started = time.monotonic()
    arrivals = []
    while time.monotonic() - started < 5:  # the slow client reads nothing meanwhile
        fast.next_view_message(timeout=2)
        arrivals.append(time.monotonic())
    # Ticks every 0.5 s kept reaching the fast client on time.
    assert len(arrivals) >= 8 and max(b - a for a, b in zip(arrivals, arrivals[1:])) < 1.5
    # The slow client then finds its snapshot and every tick after it, in order, with nothing lost.
    received = slow.messages(fast.seq)
    assert received[0]["type"] == "hello" and received[1]["type"] == "snapshot"
    seqs = [message["seq"] for message in received[1:]]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), seqs
    fast.close()
    slow.socket.close()


def test_a_bad_feed_file_keeps_the_last_good_state_marked_stale(seven_train_server, shared_data, tmp_path):
    folder = seven_train_replay_with_bad_files(shared_data, tmp_path / "replay")
    server = seven_train_server(folder)
    watcher = Client(server)
    watcher.send({"op": "watch", "station": "723"})  # Grand Central, on the 7
    time.sleep(1.2)  # 10x: the garbage file plays 1 s after the start
    feeds = {feed["id"]: feed for feed in rest(server, "/api/feeds")["feeds"]}
    assert feeds["feed51-7"]["stale"] is True and feeds["feed51-7"]["failure"]
    assert feeds["feed51-7"]["accepted"] == 1 and feeds["feed51-7"]["failures"] >= 1
    kept = rest_vehicles(server, LINE_7)["vehicles"]
    assert len(kept) >= 20, "a bad file must not blank the map"
    assert {v["ts"] for v in kept} == {1559402905}
    # The board keeps the last good predictions, and says they may be wrong.
    board = rest(server, "/api/stations/723/arrivals")
    assert board["stale"] is True and board["groups"], board
    assert all(group.get("stale") is True for group in board["groups"]), board
    rows = rest(server, "/api/stations/723/board?rows=4")["rows"]
    assert rows and all(row.get("stale") is True for row in rows), rows
    time.sleep(2.2)  # the truncated file, then the second good snapshot
    feeds = {feed["id"]: feed for feed in rest(server, "/api/feeds")["feeds"]}
    assert feeds["feed51-7"]["stale"] is False and feeds["feed51-7"]["failure"] is None
    assert feeds["feed51-7"]["failures"] == 2 and feeds["feed51-7"]["accepted"] == 2
    assert "kept the last good data" in server.log()
    board = rest(server, "/api/stations/723/arrivals")
    assert "stale" not in board and board["groups"] and not any("stale" in group for group in board["groups"]), board
    # The watcher was pushed the board turning stale, then current again.
    pushed = []
    while True:
        try:
            message = watcher.receive(timeout=0.5)
        except TimeoutError:
            break
        if message["type"] == "arrivals":
            marks = {message.get("stale") is True} | {group.get("stale") is True for group in message["groups"]}
            assert len(marks) == 1, f"the board and its groups disagree: {message}"
            pushed.append(marks.pop())
    assert True in pushed and False in pushed[pushed.index(True):], pushed
    watcher.close()


def test_bad_messages_get_errors_and_the_connection_stays(seven_train_server):
    server = seven_train_server()
    client = Client(server)
    for message, code in [("{not json", "bad_request"), ('{"op":"fly"}', "bad_request"),
                          ('{"op":"subscribe","bbox":[1,2,3]}', "bad_request")]:
        client.socket.send(message)
        reply = client.receive()
        assert reply["type"] == "error" and reply["code"] == code and reply["message"]
    client.socket.send(b"\x00binary")
    assert client.receive()["code"] == "bad_request"
    client.send({"op": "subscribe", "bbox": LINE_7})
    assert client.next_view_message()["type"] == "snapshot"
    # A box of any size is allowed: the view budget (test_view_budget.py) bounds what it holds, not its extent.
    assert rest(server, "/api/vehicles?bbox=-75,40,-73,41")["vehicles"]
    assert rest(server, "/api/config")["source"] == "replay"
    client.close()
