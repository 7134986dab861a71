"""Hostile clients against a real server on 127.0.0.1: one client with a small script must not take the
server from everyone (docs/ROBUSTNESS.md, "Adversarial clients").

- A message flood (unwatch+watch pairs as fast as TCP allows, and garbage) keeps the server's memory
  within 64 MB of its start, the other subscribers receive every tick at most 2 s apart with a p99 tick
  latency of at most 1 s, and the flooding client is closed with 1008 (message budget); with the budget
  raised out of the way, the read pause alone bounds memory and keeps the ticks.
- SIGTERM during a flood exits within 5 s.
- A replay folder with a file stamped in the year 2100 keeps looping, and says so in the log.
"""
import json
import os
import re
import signal
import socket
import struct
import threading
import time

import pytest

import websocket_raw as raw

VIEW = [-74.02, 40.70, -73.93, 40.80]   # Lower and Midtown Manhattan: hundreds of demo trains


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+) kB", status.read()).group(1))


def text(message: str) -> bytes:
    return raw.frame(0x1, message.encode())


class Subscriber(threading.Thread):
    """A well-behaved map client: subscribes to VIEW and records, for every delta, when it arrived,
    its seq and its latency (arrival wall time minus the tick's `ts`)."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.ws = raw.RawWebSocket(port, path="/ws", timeout=30)
        self.ws.send(text(json.dumps({"op": "subscribe", "bbox": VIEW})))
        self.deltas = []        # (arrival monotonic, seq, latency s)
        self.types = []
        self.stopping = False
        self.error = None

    def run(self):
        try:
            while not self.stopping:
                _, _, opcode, payload = self.ws.recv_frame()
                if opcode == 0x8:
                    self.ws.send(raw.frame(0x8, payload[:2]))   # answer the close, as a browser does
                    self.ws.close()
                    break
                if opcode != 0x1:
                    continue
                message = json.loads(payload)
                self.types.append(message["type"])
                if message["type"] == "delta":
                    self.deltas.append((time.monotonic(), message["seq"], time.time() - message["ts"] / 1000))
        except Exception as error:  # recorded: a subscriber that dies fails the test below
            if not self.stopping:
                self.error = error

    def ticks_between(self, start, end):
        return [d for d in self.deltas if start <= d[0] <= end]


class Flooder(threading.Thread):
    """Sends `payload` (many frames) as fast as TCP allows until told to stop, reconnecting after each
    close, and reads everything the server sends so that its replies never back up. Records every
    close code it received."""

    def __init__(self, port, payload, reconnect=True):
        super().__init__(daemon=True)
        self.port, self.payload, self.reconnect = port, payload, reconnect
        self.close_codes = []
        self.sent_bytes = 0
        self.stopping = False
        self.ws = None

    def _read_until_close(self, ws, done):
        try:
            code = ws.recv_close_code()
            self.close_codes.append(code)
        except Exception:
            pass
        done.set()

    def run(self):
        while not self.stopping:
            try:
                self.ws = ws = raw.RawWebSocket(self.port, path="/ws", timeout=30)
            except (OSError, AssertionError):
                return
            done = threading.Event()
            threading.Thread(target=self._read_until_close, args=(ws, done), daemon=True).start()
            ws.sock.settimeout(0.5)
            while not self.stopping and not done.is_set():
                try:
                    ws.sock.sendall(self.payload)
                    self.sent_bytes += len(self.payload)
                except socket.timeout:
                    continue
                except OSError:
                    break
            if not self.stopping:
                done.wait(6)
            ws.close()
            if not self.reconnect:
                return


def flood_payload(kind: str) -> bytes:
    if kind == "pairs":
        pair = text('{"op":"unwatch","station":"127"}') + text('{"op":"watch","station":"127"}')
        return pair * 8000
    return b"".join(text(f"garbage {n} \u00ff not json") for n in range(16000))


def run_flood(server, flooders, seconds=6.0):
    """Three subscribers, the given flooders for `seconds`; returns (subscribers, RSS start, RSS peak,
    flood start, flood end, late ticks before the flood)."""
    subscribers = [Subscriber(server.port) for _ in range(3)]
    for subscriber in subscribers:
        subscriber.start()
    # Ticks flowing (the first placement of a fresh start is slow in a debug build), snapshots sent.
    deadline = time.monotonic() + 20
    while min(len(s.deltas) for s in subscribers) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1)
    pid = server.process.pid
    start_rss = rss_kib(pid)
    late_before = metric(server, "trackside_ticks_late_total")
    peak = start_rss
    for flooder in flooders:
        flooder.start()
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        peak = max(peak, rss_kib(pid))
        time.sleep(0.1)
    for flooder in flooders:
        flooder.stopping = True
    ended = time.monotonic()
    peak = max(peak, rss_kib(pid))
    for flooder in flooders:
        flooder.join(10)
    for subscriber in subscribers:
        subscriber.stopping = True
    return subscribers, start_rss, peak, began, ended, late_before


def assert_ticks_kept(subscribers, began, ended):
    for subscriber in subscribers:
        assert subscriber.error is None, f"a subscriber failed: {subscriber.error!r}"
        during = subscriber.ticks_between(began - 1, ended)
        seqs = [d[1] for d in during]
        assert len(during) >= (ended - began) - 2, (
            f"only {len(during)} ticks in {ended - began:.1f} s; {len(subscriber.deltas)} in all, the last "
            f"{subscriber.deltas[-1][0] - began if subscriber.deltas else None} s after the flood began; {subscriber.types[-5:]}")
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), f"seqs with gaps: {seqs}"
        arrivals = [d[0] for d in during]
        gaps = [b - a for a, b in zip(arrivals, arrivals[1:])]
        latencies = sorted(d[2] for d in during)
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"{len(during)} ticks, largest gap {max(gaps):.2f} s, p99 latency {p99 * 1000:.0f} ms")
        assert max(gaps) <= 2.0, f"a subscriber went {max(gaps):.2f} s without a tick"
        assert p99 <= 1.0, f"p99 tick latency {p99:.2f} s"


def metric(server, name):
    import urllib.request
    with urllib.request.urlopen(server.base_url + "/metrics", timeout=5) as response:
        body = response.read().decode()
    match = re.search(rf"^{name} (\S+)$", body, re.M)
    return float(match.group(1)) if match else None


def test_a_message_flood_is_closed_1008_and_hurts_no_one(start_trackside):
    server = start_trackside("--tick", "1", wait_ready=True)
    pairs = Flooder(server.port, flood_payload("pairs"))
    garbage = Flooder(server.port, flood_payload("garbage"))
    subscribers, start_rss, peak, began, ended, late_before = run_flood(server, [pairs, garbage])
    print(f"RSS {start_rss} KiB → peak {peak} KiB; flood closes {pairs.close_codes[:3]}…{len(pairs.close_codes)}, "
          f"{garbage.close_codes[:3]}…{len(garbage.close_codes)}; sent {pairs.sent_bytes + garbage.sent_bytes} bytes")
    assert pairs.close_codes and set(pairs.close_codes) == {1008}
    assert garbage.close_codes and set(garbage.close_codes) == {1008}
    assert peak - start_rss <= 64 * 1024, f"RSS grew by {(peak - start_rss) // 1024} MB"
    assert_ticks_kept(subscribers, began, ended)
    refused = metric(server, "trackside_push_messages_refused_total")
    closes = metric(server, "trackside_push_budget_closes_total")
    assert closes >= len(pairs.close_codes) + len(garbage.close_codes) - 2 and refused >= 20 * closes
    assert metric(server, "trackside_ticks_late_total") == late_before


def test_the_read_pause_alone_bounds_a_flood_the_budget_lets_through(start_trackside):
    # The budget raised out of the way: memory and ticks are held by the bounded inbound queue.
    server = start_trackside("--tick", "1", "--message-burst", "100000", "--message-rate", "100000",
                             "--message-refusals", "100000", wait_ready=True)
    pairs = Flooder(server.port, flood_payload("pairs"), reconnect=False)
    subscribers, start_rss, peak, began, ended, late_before = run_flood(server, [pairs])
    received = metric(server, "trackside_push_messages_received_total")
    print(f"RSS {start_rss} KiB → peak {peak} KiB; {received:.0f} messages received, "
          f"{pairs.sent_bytes} bytes offered")
    assert received > 10_000, "the flood did not reach the server"
    assert peak - start_rss <= 64 * 1024, f"RSS grew by {(peak - start_rss) // 1024} MB"
    assert_ticks_kept(subscribers, began, ended)
    assert metric(server, "trackside_push_queued_messages") <= 64 * 2
    assert metric(server, "trackside_ticks_late_total") == late_before


def test_sigterm_during_a_flood_exits_within_5_s(start_trackside):
    server = start_trackside(wait_ready=True)
    watcher = Subscriber(server.port)
    watcher.start()
    # Closed with 1008 again and again, they reconnect until the listener is gone.
    flooders = [Flooder(server.port, flood_payload(kind)) for kind in ("pairs", "pairs", "garbage")]
    for flooder in flooders:
        flooder.start()
    time.sleep(2)
    signalled = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    # The listener closes at once: a new connection is refused well before the process ends.
    refused_after = None
    while server.process.poll() is None and time.monotonic() - signalled < 6:
        try:
            socket.create_connection(("127.0.0.1", server.port), timeout=0.2).close()
        except OSError:
            refused_after = refused_after or time.monotonic() - signalled
        time.sleep(0.05)
    server.process.wait(timeout=max(0.1, 6 - (time.monotonic() - signalled)))
    took = time.monotonic() - signalled
    if refused_after is None:
        # The process was gone before a probe saw its listener closed: the listener went with it.
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", server.port), timeout=0.2).close()
        refused_after = took
    for flooder in flooders:
        flooder.stopping = True
    print(f"exited {took:.2f} s after SIGTERM, listener refused after {refused_after} s; status {server.process.returncode}")
    assert took <= 5.0
    assert server.process.returncode == 0
    assert refused_after is not None and refused_after < 1.0
    watcher.join(2)
    assert watcher.error is None


def test_a_replay_file_stamped_in_2100_is_logged_and_the_loop_goes_on(start_trackside, shared_data, tmp_path):
    from google.transit import gtfs_realtime_pb2
    from trackside_api import GTFS, SEVEN_TRAIN_REPLAY
    folder = tmp_path / "replay"
    folder.mkdir()
    source = shared_data / SEVEN_TRAIN_REPLAY
    names = sorted(os.listdir(source))
    for name in names:
        (folder / name).write_bytes((source / name).read_bytes())
    # The last snapshot again, 30 s later by its name, but with a header stamped 2100-01-01T00:00:00Z.
    feed = gtfs_realtime_pb2.FeedMessage()
    feed.ParseFromString((source / names[-1]).read_bytes())
    feed.header.timestamp = 4102444800
    (folder / "feed51-7_20190601T113025.pb").write_bytes(feed.SerializeToString())
    # Five files over 2 min 30 s of recording (with one gap after the last) at 30x: a round every 5 s
    # (stamped 2100 and ordered by it, the file would make a round last some eighty years).
    server = start_trackside("--source", f"replay:{folder}", "--gtfs", shared_data / GTFS, "--replay-loop",
                             "--replay-speed", "30", "--tick", "0.5", start_timeout=90)
    deadline = time.monotonic() + 25
    while "round 2 starts" not in server.log() and time.monotonic() < deadline:
        time.sleep(0.2)
    log = server.log()
    assert re.search(r"replay: feed51-7_20190601T113025\.pb: header stamped 2100-01-01T00:00:00Z, more than 5 minutes "
                     r"after it was recorded; played at 2019-06-01T15:30:25Z", log), log
    assert "round 2 starts" in log, "the loop stopped"
