"""permessage-deflate over loopback: the negotiation matrix as answered on the wire, compressed
round trips in both directions, and a zip bomb."""
import asyncio
import json
import socket

import pytest
import websockets

import websocket_raw as raw


@pytest.fixture
def echo_server(start_trackside):
    return start_trackside("--enable-echo")


def negotiate(port, offer):
    extra = [f"Sec-WebSocket-Extensions: {offer}"] if offer is not None else []
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(raw.handshake_request(extra=extra))
        status, headers, _ = raw.read_response_head(sock)
    assert status == 101
    return headers.get("sec-websocket-extensions")


@pytest.mark.parametrize("offer, answer", [
    (None, None),
    ("permessage-deflate", "permessage-deflate; server_no_context_takeover"),
    ("permessage-deflate; client_max_window_bits",
     "permessage-deflate; server_no_context_takeover; client_max_window_bits=12"),
    ("permessage-deflate; client_max_window_bits=10",
     "permessage-deflate; server_no_context_takeover; client_max_window_bits=10"),
    ("permessage-deflate; server_max_window_bits=10",
     "permessage-deflate; server_no_context_takeover; server_max_window_bits=10"),
    ("permessage-deflate; server_max_window_bits=15",
     "permessage-deflate; server_no_context_takeover; server_max_window_bits=12"),
    ("permessage-deflate; client_no_context_takeover",
     "permessage-deflate; server_no_context_takeover; client_no_context_takeover"),
    ("permessage-deflate; server_max_window_bits=8", None),
    ("permessage-deflate; server_max_window_bits=8, permessage-deflate",
     "permessage-deflate; server_no_context_takeover"),
    ("permessage-deflate; bogus=1, permessage-deflate; client_no_context_takeover",
     "permessage-deflate; server_no_context_takeover; client_no_context_takeover"),
    ("permessage-deflate; server_no_context_takeover; server_no_context_takeover", None),
    ("x-webkit-deflate-frame", None),
    ("permessage-deflate; =broken", None),
])
def test_negotiation_matrix(echo_server, offer, answer):
    assert negotiate(echo_server.port, offer) == answer


def test_compressed_round_trip_both_ways(echo_server):
    ws = raw.RawWebSocket(echo_server.port, extensions="permessage-deflate; client_max_window_bits")
    message = json.dumps([{"id": f"MTA_{i}", "route": "M15", "lat": 40.7 + i / 1e4} for i in range(200)]).encode()
    ws.send(raw.frame(0x1, raw.compress(message), rsv1=True))
    fin, rsv1, opcode, payload = ws.recv_frame()
    assert (fin, rsv1, opcode) == (True, True, 0x1)
    assert len(payload) < len(message) // 4
    assert raw.decompress(payload) == message
    # Small messages go back uncompressed even though the request was compressed.
    ws.send(raw.frame(0x1, raw.compress(b"tiny"), rsv1=True))
    assert ws.recv_frame() == (True, False, 0x1, b"tiny")
    ws.close()


def test_python_websockets_with_compression(echo_server):
    async def run():
        async with websockets.connect(f"ws://127.0.0.1:{echo_server.port}/echo", compression="deflate") as ws:
            assert "permessage-deflate" in ws.response.headers["Sec-WebSocket-Extensions"]
            for size in (10, 1000, 100_000):
                text = ("trackside " * size)[:size]
                await ws.send(text)
                assert await ws.recv() == text
    asyncio.run(run())


def test_zip_bomb_is_stopped_with_1009(echo_server):
    ws = raw.RawWebSocket(echo_server.port, extensions="permessage-deflate")
    bomb = raw.compress(b"\x00" * (64 << 20))   # 64 MiB of zeros in about 64 KiB
    assert len(bomb) < 100_000
    ws.send(raw.frame(0x2, bomb, rsv1=True))
    assert ws.recv_close_code() == 1009
    ws.close()


def test_rsv1_without_negotiation_is_1002(echo_server):
    ws = raw.RawWebSocket(echo_server.port)
    ws.send(raw.frame(0x1, raw.compress(b"hello"), rsv1=True))
    assert ws.recv_close_code() == 1002
    ws.close()
