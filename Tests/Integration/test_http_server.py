"""`trackside serve` over loopback: static files, keep-alive, pipelining, limits, shutdown."""
import http.client
import re
import socket
import time


def raw_exchange(server, payload: bytes, timeout=5.0, shutdown_write=False) -> bytes:
    """Sends `payload` on a fresh socket and returns everything the server sends until it closes."""
    with socket.create_connection((server.host, server.port), timeout=timeout) as sock:
        sock.sendall(payload)
        if shutdown_write:
            sock.shutdown(socket.SHUT_WR)
        chunks = []
        while True:
            data = sock.recv(65536)
            if not data:
                return b"".join(chunks)
            chunks.append(data)


def test_serves_index_for_root(trackside_server):
    connection = http.client.HTTPConnection(trackside_server.host, trackside_server.port, timeout=5)
    connection.request("GET", "/")
    response = connection.getresponse()
    body = response.read()
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/html; charset=utf-8"
    assert b"<html" in body.lower()
    assert response.getheader("ETag")


def test_unknown_api_path_is_a_json_404(trackside_server):
    connection = http.client.HTTPConnection(trackside_server.host, trackside_server.port, timeout=5)
    connection.request("GET", "/api/nothing-here")
    response = connection.getresponse()
    assert response.status == 404
    assert response.getheader("Content-Type") == "application/json"
    assert response.read() == b'{"error":{"code":"not_found","message":"no such file"}}'


def test_pipelined_requests_are_answered_in_order(trackside_server):
    request = b"GET /index.html HTTP/1.1\r\nHost: x\r\n\r\nHEAD /index.html HTTP/1.1\r\nHost: x\r\n\r\n" \
              b"GET /missing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    reply = raw_exchange(trackside_server, request)
    statuses = re.findall(rb"HTTP/1\.1 \d{3} [A-Za-z ]+(?=\r\n)", reply)
    assert statuses == [b"HTTP/1.1 200 OK", b"HTTP/1.1 200 OK", b"HTTP/1.1 404 Not Found"]
    assert reply.endswith(b"no such file\n")


def test_sigterm_exits_promptly_with_an_idle_connection_open(start_trackside):
    server = start_trackside()
    idle = socket.create_connection((server.host, server.port), timeout=5)
    started = time.monotonic()
    assert server.stop() == 0
    assert time.monotonic() - started < 5
    assert idle.recv(1) == b""
    idle.close()
