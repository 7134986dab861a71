"""The WebSocket benchmark's servers speak RFC 6455 to a real client: `trackside bench serve-broadcast` (the
production stack) and `trackside bench serve-floor` (the bare-send instrument the runner measures the kernel's
floor with). Both must answer the subscription with a snapshot and then deliver every tick, whole and in order, or
the benchmark's figures (docs/BENCHMARKS.md) would compare servers doing different work."""
import asyncio
import json
import re
import subprocess
import time

import pytest
import websockets

from conftest import ROOT


@pytest.fixture(params=[(["serve-broadcast", "--no-deflate"], 2048), (["serve-broadcast"], 2048),
                        (["serve-floor", "--threads", "2"], 2048), (["serve-floor"], 100_000)],
                ids=["broadcast-plain", "broadcast-deflate", "floor", "floor-64-bit-length"])
def bench_server(request, trackside_bin):
    arguments, size = request.param
    process = subprocess.Popen([str(trackside_bin), "bench", *arguments, "--hz", "20", "--size", str(size)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"listening on (\d+)", line)
    assert match, f"no listening line: {line!r}"
    yield arguments[0], size, int(match.group(1)), process
    process.kill()
    process.wait()


def test_a_subscriber_gets_the_snapshot_then_every_tick(bench_server):
    name, size, port, process = bench_server

    async def receive_ticks():
        # Several clients, so the floor's clients land on both of its listeners.
        # The floor never answers a close frame (it only drops a socket the client closed): a short close timeout.
        clients = [await websockets.connect(f"ws://127.0.0.1:{port}/ws", compression="deflate", close_timeout=0.5)
                   for _ in range(6)]
        ticks = []
        for client in clients:
            await client.send('{"op":"subscribe"}')
            snapshot = json.loads(await asyncio.wait_for(client.recv(), 5))
            assert snapshot["type"] == "snapshot" and snapshot["ts"] > 0
        for client in clients:
            ticks.append([json.loads(await asyncio.wait_for(client.recv(), 5)) for _ in range(5)])
        await asyncio.gather(*(client.close() for client in clients))
        return ticks

    started_ms = time.time() * 1000
    for ticks in asyncio.run(receive_ticks()):
        sequences = [tick["seq"] for tick in ticks]
        assert sequences == list(range(sequences[0], sequences[0] + 5)), f"{name}: ticks missed or reordered: {sequences}"
        assert all(tick["type"] == "tick" and tick["ts"] >= started_ms - 1000 for tick in ticks)
        # The message of about `size` bytes: the padding is whole (a short send would have cut the frame).
        assert all(size - 50 <= len(json.dumps(tick)) <= size + 50 for tick in ticks)
    assert process.poll() is None, f"{name} exited"
