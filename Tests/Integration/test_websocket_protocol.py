"""Framing, close codes, limits and garbage over loopback, byte-exact, against /echo."""
import struct

import pytest

import websocket_raw as raw


@pytest.fixture
def echo_server(start_trackside):
    return start_trackside("--enable-echo")


@pytest.fixture
def ws(echo_server):
    connection = raw.RawWebSocket(echo_server.port)
    yield connection
    connection.close()


def test_fragmented_text_with_a_ping_in_between(ws):
    ws.send(raw.frame(0x1, "frag".encode(), fin=False) + raw.frame(0x9, b"ping!")
            + raw.frame(0x0, "mented κ".encode()))
    assert ws.recv_frame() == (True, False, 0xA, b"ping!")
    assert ws.recv_frame() == (True, False, 0x1, "fragmented κ".encode())


@pytest.mark.parametrize("code", [1000, 1001, 1003, 1007, 1011, 3000, 4999])
def test_valid_close_codes_are_echoed_then_tcp_closes(ws, code):
    ws.send(raw.frame(0x8, struct.pack("!H", code) + b"bye"))
    assert ws.recv_close_code() == code
    assert ws.at_eof()


@pytest.mark.parametrize("code", [0, 999, 1004, 1005, 1006, 1015, 2999, 5000])
def test_invalid_close_codes_get_1002(ws, code):
    ws.send(raw.frame(0x8, struct.pack("!H", code)))
    assert ws.recv_close_code() == 1002
    assert ws.at_eof()


def test_empty_close_is_answered_with_an_empty_close(ws):
    ws.send(raw.frame(0x8, b""))
    assert ws.recv_frame() == (True, False, 0x8, b"")


@pytest.mark.parametrize("bad_frame, code", [
    (raw.frame(0x1, b"hi", mask=False), 1002),
    (raw.frame(0x1, b"hi", rsv2=True), 1002),
    (raw.frame(0x3, b""), 1002),
    (raw.frame(0x9, b"x" * 126), 1002),
    (raw.frame(0x0, b"orphan"), 1002),
    (raw.frame(0x1, b"\xce\xba\xe1\xbd\xb9\xcf\x83\xce\xbc\xce\xb5\xed\xa0\x80"), 1007),
    (raw.frame(0x8, struct.pack("!H", 1000) + b"\xff"), 1007),
])
def test_protocol_violations_close_with_the_right_code(ws, bad_frame, code):
    ws.send(raw.frame(0x1, b"before") + bad_frame)
    assert ws.recv_frame() == (True, False, 0x1, b"before")   # answered before the failure
    assert ws.recv_close_code() == code
    assert ws.at_eof()


def test_garbage_bytes_close_the_connection(ws, echo_server):
    ws.send(bytes(range(256)) * 4)
    assert ws.recv_close_code() == 1002
    assert ws.at_eof()
    again = raw.RawWebSocket(echo_server.port)
    again.send(raw.frame(0x2, b"\x00\x01"))
    assert again.recv_frame() == (True, False, 0x2, b"\x00\x01")
    again.close()


def test_oversize_message_is_1009_at_the_default_limit(ws):
    # The header alone announces 1 MiB + 1: refused before the payload is read.
    ws.send(b"\x82\xff" + struct.pack("!Q", (1 << 20) + 1) + b"\x01\x02\x03\x04")
    assert ws.recv_close_code() == 1009
    assert ws.at_eof()


def test_oversize_fragmented_message_is_1009(ws):
    chunk = b"x" * 600_000
    ws.send(raw.frame(0x2, chunk, fin=False) + raw.frame(0x0, chunk))
    assert ws.recv_close_code() == 1009


def test_raised_limit_allows_large_messages(start_trackside):
    server = start_trackside("--enable-echo", "--max-message-size", str(4 << 20))
    ws = raw.RawWebSocket(server.port)
    payload = bytes(range(256)) * (3 << 12)   # 3 MiB
    ws.send(raw.frame(0x2, payload))
    assert ws.recv_frame() == (True, False, 0x2, payload)
    ws.close()


def test_timeouts_set_on_the_command_line_apply(start_trackside):
    """--idle-timeout closes a client that sends no data message with 1001; --ping-interval and
    --pong-timeout drop one that does not answer the keepalive ping."""
    server = start_trackside("--enable-echo", "--idle-timeout", "1", "--ping-interval", "0")
    ws = raw.RawWebSocket(server.port)
    fin, _, opcode, payload = ws.recv_frame()
    assert (fin, opcode) == (True, 0x8) and struct.unpack("!H", payload[:2])[0] == 1001

    server = start_trackside("--enable-echo", "--ping-interval", "0.5", "--pong-timeout", "0.5")
    ws = raw.RawWebSocket(server.port)
    assert ws.recv_frame()[2] == 0x9   # the keepalive ping, left unanswered
    assert ws.at_eof(timeout=10), "the silent client was not dropped after the pong timeout"
