"""The opening handshake over loopback (RFC 6455 §4.2): success, every refusal and its status,
and header floods, against `trackside serve --enable-echo`."""
import asyncio
import socket

import pytest
import websockets

import websocket_raw as raw


@pytest.fixture
def echo_server(start_trackside):
    return start_trackside("--enable-echo")


def exchange(port, request: bytes):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        return raw.read_response_head(sock)[:2]


def test_rfc_example_key_gets_the_rfc_accept_value(echo_server):
    status, headers = exchange(echo_server.port, raw.handshake_request(key="dGhlIHNhbXBsZSBub25jZQ=="))
    assert status == 101
    assert headers["sec-websocket-accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
    assert headers["upgrade"].lower() == "websocket" and headers["connection"].lower() == "upgrade"


def test_python_websockets_client_round_trips(echo_server):
    async def run():
        async with websockets.connect(f"ws://127.0.0.1:{echo_server.port}/echo") as ws:
            await ws.send("κόσμε")
            assert await ws.recv() == "κόσμε"
            await ws.send(b"\x00\xff")
            assert await ws.recv() == b"\x00\xff"
            await ws.close(code=1000, reason="done")
            assert ws.close_code == 1000
    asyncio.run(run())


@pytest.mark.parametrize("request_bytes, status", [
    (raw.handshake_request(version="8"), 426),
    (raw.handshake_request(version=None), 426),
    (raw.handshake_request(key=""), 400),
    (raw.handshake_request(key="dG9vIHNob3J0"), 400),
    (raw.handshake_request(upgrade=None), 426),
    (raw.handshake_request(connection="keep-alive"), 426),
    (raw.handshake_request(method="POST"), 405),
    (raw.handshake_request().replace(b"HTTP/1.1", b"HTTP/1.0"), 400),
])
def test_invalid_handshakes_are_refused_with_the_right_status(echo_server, request_bytes, status):
    got, headers = exchange(echo_server.port, request_bytes)
    assert got == status
    if status == 426 and b"Sec-WebSocket-Version: 13" not in request_bytes:
        assert headers["sec-websocket-version"] == "13"


def test_echo_is_absent_unless_enabled(trackside_server):
    status, _ = exchange(trackside_server.port, raw.handshake_request())
    assert status == 404


def test_header_flood_on_the_upgrade_is_refused_and_the_server_lives_on(echo_server):
    flood = raw.handshake_request(extra=[f"X-Flood-{i}: {'v' * 100}" for i in range(2000)])
    with socket.create_connection(("127.0.0.1", echo_server.port), timeout=10) as sock:
        try:
            sock.sendall(flood)
            status, _, _ = raw.read_response_head(sock)
            assert status == 431
        except (ConnectionResetError, BrokenPipeError):
            pass  # refused before the whole flood was read: also acceptable, as long as the server lives
    ws = raw.RawWebSocket(echo_server.port)
    ws.send(raw.frame(0x1, b"still here"))
    assert ws.recv_frame() == (True, False, 0x1, b"still here")
    ws.close()
