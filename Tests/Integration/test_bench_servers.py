"""The WebSocket benchmark's servers speak RFC 6455 to a real client: `trackside-bench serve-broadcast` (the
production stack) and `trackside-bench serve-floor` (the bare-send instrument the runner measures the kernel's
floor with). Both must answer the subscription with a snapshot and then deliver every tick, whole and in order, or
the benchmark's figures (docs/BENCHMARKS.md) would compare servers doing different work."""
import asyncio
import json
import re
import socket
import subprocess
import time

import pytest
import websockets

import websocket_raw as raw
from conftest import ROOT


def start(trackside_bench_bin, arguments, size=2048):
    """A bench server ticking at 20 Hz, and its port."""
    process = subprocess.Popen([str(trackside_bench_bin), *arguments, "--hz", "20", "--size", str(size)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"listening on (\d+)", line)
    assert match, f"no listening line: {line!r}"
    return process, int(match.group(1))


@pytest.fixture(params=[(["serve-broadcast", "--no-deflate"], 2048), (["serve-broadcast"], 2048),
                        (["serve-floor", "--threads", "2"], 2048), (["serve-floor"], 100_000)],
                ids=["broadcast-plain", "broadcast-deflate", "floor", "floor-64-bit-length"])
def bench_server(request, trackside_bench_bin):
    arguments, size = request.param
    process, port = start(trackside_bench_bin, arguments, size)
    yield arguments[0], size, port, process
    process.kill()
    process.wait()


@pytest.fixture
def floor_server(trackside_bench_bin):
    """The floor on one thread, so that every client is in the one list a drop rearranges."""
    process, port = start(trackside_bench_bin, ["serve-floor", "--threads", "1"])
    yield port
    process.kill()
    process.wait()


async def subscribe(port):
    client = await websockets.connect(f"ws://127.0.0.1:{port}/ws")
    await client.send('{"op":"subscribe"}')
    assert json.loads(await asyncio.wait_for(client.recv(), 5))["type"] == "snapshot"
    return client


async def sequences(client, count):
    return [json.loads(await asyncio.wait_for(client.recv(), 5))["seq"] for _ in range(count)]


def test_a_subscriber_gets_the_snapshot_then_every_tick(bench_server):
    name, size, port, process = bench_server

    async def receive_ticks():
        # Several clients, so the floor's clients land on both of its listeners.
        clients = [await websockets.connect(f"ws://127.0.0.1:{port}/ws", compression="deflate", close_timeout=2)
                   for _ in range(6)]
        ticks = []
        for client in clients:
            await client.send('{"op":"subscribe"}')
            snapshot = json.loads(await asyncio.wait_for(client.recv(), 5))
            assert snapshot["type"] == "snapshot" and snapshot["ts"] > 0
        for client in clients:
            ticks.append([json.loads(await asyncio.wait_for(client.recv(), 5)) for _ in range(5)])
        await asyncio.gather(*(client.close() for client in clients))
        # Each close was answered: the server's 1000 came back before the timeout.
        assert all(client.close_code == 1000 for client in clients)
        return ticks

    started_ms = time.time() * 1000
    for ticks in asyncio.run(receive_ticks()):
        sequences = [tick["seq"] for tick in ticks]
        assert sequences == list(range(sequences[0], sequences[0] + 5)), f"{name}: ticks missed or reordered: {sequences}"
        assert all(tick["type"] == "tick" and tick["ts"] >= started_ms - 1000 for tick in ticks)
        # The message of about `size` bytes: the padding is whole (a short send would have cut the frame).
        assert all(size - 50 <= len(json.dumps(tick)) <= size + 50 for tick in ticks)
    assert process.poll() is None, f"{name} exited"


def test_the_floor_keeps_serving_the_others_when_a_client_leaves(floor_server):
    async def leave_and_join():
        # Leaving moves the last subscriber into the leaver's place; the next leave must find it there.
        first, second, third = [await subscribe(floor_server) for _ in range(3)]
        await first.close()
        late = await subscribe(floor_server)
        await third.close()
        for client in (second, late):
            seen = await sequences(client, 4)
            assert seen == list(range(seen[0], seen[0] + 4)), seen
        for client in (second, late):
            await client.close()

    asyncio.run(leave_and_join())


def test_the_floor_takes_a_subscription_sent_with_the_request(floor_server):
    with socket.create_connection(("127.0.0.1", floor_server), timeout=5) as sock:
        sock.sendall(raw.handshake_request(path="/ws", key="dGhlIHNhbXBsZSBub25jZQ==")
                     + raw.frame(1, b'{"op":"subscribe"}'))
        status, headers, rest = raw.read_response_head(sock)
        assert status == 101 and headers["sec-websocket-accept"] == raw.accept_key("dGhlIHNhbXBsZSBub25jZQ==")
        while b'"type":"snapshot"' not in rest:
            chunk = sock.recv(65536)
            assert chunk, "closed before the snapshot"
            rest += chunk
