"""A byte-exact WebSocket client over a plain socket, for the protocol suites: it sends frames
the way a (possibly misbehaving) client would and reads the server's frames back unmodified."""
import base64
import hashlib
import os
import socket
import struct
import zlib

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def accept_key(key: str) -> str:
    return base64.b64encode(hashlib.sha1(key.encode() + GUID).digest()).decode()


def handshake_request(path="/echo", host="127.0.0.1", key=None, version="13", extra=(), method="GET",
                      upgrade="websocket", connection="Upgrade") -> bytes:
    key = key if key is not None else base64.b64encode(os.urandom(16)).decode()
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}"]
    if upgrade is not None:
        lines.append(f"Upgrade: {upgrade}")
    if connection is not None:
        lines.append(f"Connection: {connection}")
    if key:
        lines.append(f"Sec-WebSocket-Key: {key}")
    if version is not None:
        lines.append(f"Sec-WebSocket-Version: {version}")
    lines += list(extra)
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def read_response_head(sock) -> tuple[int, dict[str, str], bytes]:
    """Status, lowercased headers and any bytes after the head."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before a response head: {data!r}")
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, value = line.split(":", 1)
        headers[name.strip().lower()] = value.strip()
    return status, headers, rest


def frame(opcode: int, payload: bytes, fin=True, rsv1=False, rsv2=False, rsv3=False, mask=True) -> bytes:
    first = (0x80 if fin else 0) | (0x40 if rsv1 else 0) | (0x20 if rsv2 else 0) | (0x10 if rsv3 else 0) | opcode
    length = len(payload)
    mask_bit = 0x80 if mask else 0
    if length < 126:
        header = struct.pack("!BB", first, mask_bit | length)
    elif length < 65536:
        header = struct.pack("!BBH", first, mask_bit | 126, length)
    else:
        header = struct.pack("!BBQ", first, mask_bit | 127, length)
    if not mask:
        return header + payload
    key = os.urandom(4)
    masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload)) if length < 4096 else _mask_fast(payload, key)
    return header + key + masked


def _mask_fast(payload: bytes, key: bytes) -> bytes:
    repeated = (key * (len(payload) // 4 + 1))[: len(payload)]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(len(payload), "big")


def compress(payload: bytes) -> bytes:
    """permessage-deflate payload: raw DEFLATE, sync-flushed, tail stripped (RFC 7692 §7.2.1)."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    data = compressor.compress(payload) + compressor.flush(zlib.Z_SYNC_FLUSH)
    assert data.endswith(b"\x00\x00\xff\xff")
    return data[:-4]


def decompress(payload: bytes) -> bytes:
    return zlib.decompressobj(-15).decompress(payload + b"\x00\x00\xff\xff")


class RawWebSocket:
    """An open WebSocket on a plain socket; `recv_frame` returns (fin, rsv1, opcode, payload)."""

    def __init__(self, port, path="/echo", extensions=None, timeout=10.0):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        extra = [f"Sec-WebSocket-Extensions: {extensions}"] if extensions else []
        self.sock.sendall(handshake_request(path=path, extra=extra))
        status, self.headers, self.buffer = read_response_head(self.sock)
        assert status == 101, f"handshake answered {status}"

    def send(self, data: bytes):
        self.sock.sendall(data)

    def _read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("connection closed by the server")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def recv_frame(self):
        first, second = self._read(2)
        length = second & 0x7F
        assert second & 0x80 == 0, "server frames must not be masked"
        if length == 126:
            (length,) = struct.unpack("!H", self._read(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", self._read(8))
        return bool(first & 0x80), bool(first & 0x40), first & 0x0F, self._read(length)

    def recv_close_code(self):
        """Reads frames until a close frame; returns its code (1005 for an empty body)."""
        while True:
            _, _, opcode, payload = self.recv_frame()
            if opcode == 0x8:
                return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005

    def at_eof(self, timeout=5.0) -> bool:
        """Whether the server closed TCP (EOF or reset) within `timeout` seconds."""
        self.sock.settimeout(timeout)
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return True
        except ConnectionResetError:
            return True
        except socket.timeout:
            return False

    def close(self):
        self.sock.close()
