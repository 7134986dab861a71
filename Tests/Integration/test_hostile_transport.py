"""Hostile clients against the transport, on a real server over real sockets, each bounded in time:
a deflate amplification flood on /ws, replies owed before a close, a response nobody reads, a second
server on a held port, probes at the connection limit, and the odd methods (HEAD /ws, OPTIONS *)."""
import json
import socket
import struct
import subprocess
import threading
import time

import websocket_raw as raw

DEFLATE = "permessage-deflate; client_max_window_bits"


def text_frames_until_close(ws: raw.RawWebSocket):
    """The text payloads the server sends, then the close code; (texts, code)."""
    texts = []
    while True:
        _, rsv1, opcode, payload = ws.recv_frame()
        if opcode == 0x8:
            return texts, (struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005)
        if opcode == 0x1:
            texts.append(json.loads(raw.decompress(payload) if rsv1 else payload))


def open_push(port: int, deflate=False) -> raw.RawWebSocket:
    ws = raw.RawWebSocket(port, path="/ws", extensions=DEFLATE if deflate else None)
    _, rsv1, opcode, payload = ws.recv_frame()
    assert opcode == 0x1 and json.loads(raw.decompress(payload) if rsv1 else payload)["type"] == "hello"
    return ws


def bomb(inflated: int) -> bytes:
    """A compressed text frame whose payload inflates to `inflated` bytes of spaces inside a JSON object."""
    body = b'{"op":"subscribe",' + b" " * (inflated - len(b'{"op":"subscribe",}')) + b"}"
    assert len(body) == inflated
    return raw.frame(0x1, raw.compress(body), rsv1=True)


# MARK: Deflate amplification


def test_ws_refuses_inflation_past_its_own_4096_byte_limit(start_trackside):
    server = start_trackside("--tick", "0.2")
    # 4,096 inflated bytes are a message (answered: a subscribe without a bbox is a bad_request) …
    at_limit = open_push(server.port, deflate=True)
    at_limit.send(bomb(4096))
    _, rsv1, opcode, payload = at_limit.recv_frame()
    reply = json.loads(raw.decompress(payload) if rsv1 else payload)
    assert opcode == 0x1 and reply["type"] == "error", reply
    at_limit.close()
    # … one more is refused with 1009, and so is the classic bomb: 1,023 bytes that inflate to 1,040,000.
    for inflated in (4097, 1_040_000):
        ws = open_push(server.port, deflate=True)
        frame = bomb(inflated)
        if inflated == 1_040_000:
            assert len(frame) < 1_100, len(frame)
        ws.send(frame)
        texts, code = text_frames_until_close(ws)
        assert code == 1009 and not any(t.get("type") == "error" for t in texts), (inflated, texts, code)
        assert ws.at_eof()
        ws.close()


class TickProbe(threading.Thread):
    """A subscriber recording, for every tick's delta, the delay from its `ts` (the server's send time)
    to its arrival here, and the gap since the previous delta."""

    def __init__(self, port: int):
        super().__init__(daemon=True)
        self.ws = open_push(port)
        self.ws.send(raw.frame(0x1, json.dumps({"op": "subscribe", "bbox": [-74.02, 40.70, -73.97, 40.75]}).encode()))
        self.samples = []   # (arrival monotonic, latency ms, gap ms)
        self.stop = threading.Event()

    def run(self):
        last = None
        self.ws.sock.settimeout(5)
        while not self.stop.is_set():
            _, _, opcode, payload = self.ws.recv_frame()
            if opcode != 0x1:
                continue
            message = json.loads(payload)
            if message.get("type") != "delta":
                continue
            now = time.monotonic()
            latency = time.time() * 1000 - message["ts"]
            self.samples.append((now, latency, None if last is None else (now - last) * 1000))
            last = now

    def window(self, start: float, end: float):
        return [s for s in self.samples if start <= s[0] < end]


def p99(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def test_a_deflate_bomb_flood_on_ws_barely_moves_the_tick(start_trackside):
    """Four clients send 1,023-byte frames that would inflate to 1,040,000 bytes, reconnecting after each
    1009, for 4 s. Before the bound each was inflated to the end (a megabyte of zlib work, then refused
    as a bad_request with the connection kept open, so the flood never had to reconnect); now each costs
    at most 4,097 inflated bytes. The tick, as a subscriber sees it, moves by less than 50 ms at p99."""
    server = start_trackside("--tick", "0.1")
    probe = TickProbe(server.port)
    probe.start()
    time.sleep(1.0)   # the subscription's snapshot and first deltas
    quiet_start = time.monotonic()
    time.sleep(4.0)
    flood_start = time.monotonic()
    stop = threading.Event()
    sent = [0] * 4
    refused = [0] * 4
    frame = bomb(1_040_000)

    def flood(index):
        while not stop.is_set():
            ws = open_push(server.port, deflate=True)
            ws.sock.settimeout(5)
            ws.send(frame)
            sent[index] += 1
            _, code = text_frames_until_close(ws)
            refused[index] += code == 1009
            ws.close()

    threads = [threading.Thread(target=flood, args=(i,), daemon=True) for i in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(4.0)
    stop.set()
    for thread in threads:
        thread.join(timeout=10)
    flood_end = time.monotonic()
    probe.stop.set()

    quiet = probe.window(quiet_start, flood_start)
    flooded = probe.window(flood_start + 0.2, flood_end)
    assert len(quiet) >= 20 and len(flooded) >= 20, (len(quiet), len(flooded))
    quiet_latency, flood_latency = p99([s[1] for s in quiet]), p99([s[1] for s in flooded])
    quiet_gap = p99([s[2] for s in quiet if s[2] is not None])
    flood_gap = p99([s[2] for s in flooded if s[2] is not None])
    print(f"bombs sent {sum(sent)}, refused 1009 {sum(refused)}; tick latency p99 {quiet_latency:.1f} → "
          f"{flood_latency:.1f} ms, gap p99 {quiet_gap:.1f} → {flood_gap:.1f} ms")
    assert sum(sent) >= 20 and sum(refused) == sum(sent), (sent, refused)
    assert flood_latency - quiet_latency < 50, (quiet_latency, flood_latency)
    assert flood_gap - quiet_gap < 50, (quiet_gap, flood_gap)


# MARK: Replies owed before a close


def test_ws_answers_a_watch_before_the_close_sent_with_it(start_trackside):
    server = start_trackside()
    ws = open_push(server.port)
    # One write: the watch, then a close frame.
    ws.send(raw.frame(0x1, b'{"op":"watch","station":"127"}') + raw.frame(0x8, struct.pack("!H", 1000)))
    texts, code = text_frames_until_close(ws)
    assert code == 1000
    # The watch's answer (the station's alerts, sent at once; its board follows with the next tick,
    # which a closing connection no longer gets).
    assert texts and all(t.get("station") == "127" for t in texts), texts
    assert ws.at_eof()


def test_ws_answers_bad_json_before_failing_invalid_utf8(start_trackside):
    server = start_trackside()
    ws = open_push(server.port)
    ws.send(raw.frame(0x1, b"not json") + raw.frame(0x1, b"\xff\xfe"))
    texts, code = text_frames_until_close(ws)
    assert code == 1007
    assert [t["type"] for t in texts] == ["error"] and texts[0]["code"] == "bad_request", texts


def test_ws_answers_before_closing_after_the_clients_end_of_input(start_trackside):
    server = start_trackside()
    ws = open_push(server.port)
    ws.send(raw.frame(0x1, b"not json"))
    ws.sock.shutdown(socket.SHUT_WR)
    _, _, opcode, payload = ws.recv_frame()
    assert opcode == 0x1 and json.loads(payload)["code"] == "bad_request"
    assert ws.at_eof()


# MARK: Responses nobody reads


def large_public_folder(tmp_path):
    folder = tmp_path / "public"
    folder.mkdir()
    (folder / "index.html").write_text("<!doctype html><title>t</title>")
    (folder / "large.bin").write_bytes(bytes(range(256)) * (3 * 4096))   # 3 MiB
    return folder


def request_large(port: int, receive_buffer: int) -> socket.socket:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.connect(("127.0.0.1", port))
    sock.sendall(b"GET /large.bin HTTP/1.1\r\nHost: x\r\n\r\n")
    return sock


def test_a_response_nobody_reads_is_closed_by_the_write_timeout(start_trackside, tmp_path):
    server = start_trackside("--public", large_public_folder(tmp_path), "--write-timeout", "1")
    stuck = request_large(server.port, 4096)
    # A slow reader beside it: 192 KiB every 0.25 s is about 4 s for the file, four write timeouts.
    slow = request_large(server.port, 65536)
    received = 0
    started = time.monotonic()
    slow.settimeout(10)
    while received < 3 * 1024 * 1024 and time.monotonic() - started < 20:
        round_end = received + 192 * 1024
        while received < min(round_end, 3 * 1024 * 1024):
            chunk = slow.recv(65536)
            if not chunk:
                break
            received += len(chunk)
        if not chunk:
            break
        time.sleep(0.25)
    took = time.monotonic() - started
    assert received >= 3 * 1024 * 1024, f"the slow reader got {received} bytes in {took:.1f} s"
    assert took > 2, f"the slow reader was not slow: {took:.1f} s"
    # Long since the stuck client's first window: the server aborted it (a reset, or EOF after what it had).
    deadline = time.monotonic() + 10
    while "took no response bytes" not in server.log() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "took no response bytes for 1.0 seconds: connection aborted" in server.log()
    stuck.settimeout(5)
    closed = False
    try:
        while stuck.recv(1 << 20):
            pass
        closed = True
    except ConnectionResetError:
        closed = True
    assert closed
    stuck.close()
    slow.close()


# MARK: A held port


def test_a_second_server_on_the_same_port_exits_2(start_trackside, trackside_bin):
    first = start_trackside()
    started = time.monotonic()
    second = subprocess.run([str(trackside_bin), "serve", "--port", str(first.port)], capture_output=True, text=True,
                            timeout=60)
    assert second.returncode == 2, (second.returncode, second.stdout, second.stderr)
    assert "address already in use" in second.stderr
    assert "listening on" not in second.stdout
    print(f"second server refused in {time.monotonic() - started:.1f} s: {second.stderr.strip()}")
    # The first still serves every connection.
    for _ in range(8):
        with socket.create_connection(("127.0.0.1", first.port), timeout=5) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert sock.recv(65536).startswith(b"HTTP/1.1 200")


# MARK: The connection limit and odd methods


def exchange(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return data
            data += chunk


def test_healthz_answers_at_the_connection_limit(start_trackside):
    server = start_trackside("--max-connections", "2")
    held = [open_push(server.port) for _ in range(2)]
    started = time.monotonic()
    health = exchange(server.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert health.startswith(b"HTTP/1.1 200") and b'{"status":"ok"}' in health, health
    other = exchange(server.port, b"GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n")
    assert other.startswith(b"HTTP/1.1 503") and b"Retry-After: 1" in other and b"at_connection_limit" in other, other
    assert time.monotonic() - started < 2
    # A probe slot held by a client that sends nothing is given back after 2 s, not the 10 s request timeout.
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as silent:
        opened = time.monotonic()
        assert silent.recv(65536) == b""
        assert time.monotonic() - opened < 5
    for ws in held:
        ws.close()


def test_head_ws_is_answered_like_get_and_options_asterisk_is_200(start_trackside):
    server = start_trackside()
    for method in ("GET", "HEAD"):
        answer = exchange(server.port, f"{method} /ws HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        assert answer.startswith(b"HTTP/1.1 426"), (method, answer)
        if method == "HEAD":
            assert answer.endswith(b"\r\n\r\n"), "HEAD has no content"
    options = exchange(server.port, b"OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert options.startswith(b"HTTP/1.1 200"), options
    allow = [line for line in options.split(b"\r\n") if line.lower().startswith(b"allow:")]
    assert allow and b"GET" in allow[0] and b"HEAD" in allow[0] and b"OPTIONS" in allow[0], options
