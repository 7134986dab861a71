"""`trackside serve` over loopback: static files, keep-alive, pipelining, limits, shutdown."""
import gzip
import http.client
import json
import os
import pathlib
import re
import resource
import socket
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


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


def status_line(reply: bytes) -> bytes:
    return reply.split(b"\r\n", 1)[0]


def test_header_flood_is_431_and_closed(trackside_server):
    flood = b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(150)) + b"\r\n"
    reply = raw_exchange(trackside_server, flood)
    assert status_line(reply) == b"HTTP/1.1 431 Request Header Fields Too Large"
    assert b"\r\nConnection: close\r\n" in reply


def test_huge_header_value_is_431(trackside_server):
    reply = raw_exchange(trackside_server, b"GET / HTTP/1.1\r\nHost: x\r\nCookie: " + b"a" * 20000 + b"\r\n\r\n")
    assert status_line(reply) == b"HTTP/1.1 431 Request Header Fields Too Large"


def test_garbage_is_400_and_closed(trackside_server):
    reply = raw_exchange(trackside_server, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http\r\n\r\n")
    assert status_line(reply) == b"HTTP/1.1 400 Bad Request"


def test_chunked_request_is_refused(trackside_server):
    reply = raw_exchange(trackside_server, b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
    assert status_line(reply) == b"HTTP/1.1 411 Length Required"


def test_oversized_body_is_413_without_reading_it(trackside_server):
    with socket.create_connection((trackside_server.host, trackside_server.port), timeout=5) as sock:
        sock.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n")
        reply = sock.recv(65536)
    assert status_line(reply) == b"HTTP/1.1 413 Content Too Large"


def test_http10_without_keep_alive_closes(trackside_server):
    reply = raw_exchange(trackside_server, b"GET /index.html HTTP/1.0\r\n\r\n")
    assert status_line(reply) == b"HTTP/1.1 200 OK"
    assert b"\r\nConnection: close\r\n" in reply


def test_keep_alive_serves_many_requests_on_one_connection(trackside_server):
    connection = http.client.HTTPConnection(trackside_server.host, trackside_server.port, timeout=5)
    for _ in range(20):
        connection.request("GET", "/index.html")
        response = connection.getresponse()
        assert response.status == 200
        response.read()
    connection.request("HEAD", "/index.html")
    head = connection.getresponse()
    assert head.status == 200 and head.read() == b""
    assert int(head.getheader("Content-Length")) > 0


def test_conditional_and_compressed_responses(trackside_server):
    connection = http.client.HTTPConnection(trackside_server.host, trackside_server.port, timeout=5)
    connection.request("GET", "/index.html", headers={"Accept-Encoding": "gzip"})
    first = connection.getresponse()
    body = first.read()
    tag = first.getheader("ETag")
    if first.getheader("Content-Encoding") == "gzip":
        assert gzip.decompress(body) == (ROOT / "Public" / "index.html").read_bytes()
        assert first.getheader("Vary") == "Accept-Encoding"
    else:
        assert body == (ROOT / "Public" / "index.html").read_bytes()
    connection.request("GET", "/index.html", headers={"Accept-Encoding": "gzip", "If-None-Match": tag})
    second = connection.getresponse()
    assert second.status == 304
    assert second.read() == b""


@pytest.mark.parametrize("target", [
    b"/../../../../etc/passwd", b"/%2e%2e/%2e%2e/%2e%2e/etc/passwd", b"/..%2f..%2f..%2fetc%2fpasswd",
    b"/%252e%252e/etc/passwd", b"/index.html%00.js", b"/.git/config", b"/Public/../Package.swift",
    b"/..\\..\\Package.swift",
])
def test_path_traversal_is_404(trackside_server, target):
    reply = raw_exchange(trackside_server, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status_line(reply) in (b"HTTP/1.1 404 Not Found", b"HTTP/1.1 400 Bad Request")
    assert b"root:" not in reply and b"PackageDescription" not in reply


def test_slowloris_gets_408_after_the_request_timeout(start_trackside):
    server = start_trackside("--request-timeout", "1")
    with socket.create_connection((server.host, server.port), timeout=5) as sock:
        started = time.monotonic()
        sock.sendall(b"GET / HTTP/1.1\r\n")
        reply = b""
        for piece in [b"Host: x\r\n", b"X-A: 1\r\n", b"X-B: 2\r\n", b"X-C: 3\r\n"]:
            time.sleep(0.3)
            try:
                sock.sendall(piece)
            except OSError:
                break
        while True:
            data = sock.recv(65536)
            if not data:
                break
            reply += data
        elapsed = time.monotonic() - started
    assert status_line(reply) == b"HTTP/1.1 408 Request Timeout"
    assert 0.9 <= elapsed < 3


def test_idle_connection_without_a_request_is_closed(start_trackside):
    server = start_trackside("--request-timeout", "0.5")
    with socket.create_connection((server.host, server.port), timeout=5) as sock:
        started = time.monotonic()
        assert sock.recv(1) == b""
        assert time.monotonic() - started < 3


def test_many_concurrent_connections(trackside_server):
    sockets = [socket.create_connection((trackside_server.host, trackside_server.port), timeout=5) for _ in range(200)]
    try:
        for sock in sockets:
            sock.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
        for sock in sockets:
            assert sock.recv(12) == b"HTTP/1.1 200"
    finally:
        for sock in sockets:
            sock.close()


def cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_accept_backs_off_when_out_of_file_descriptors(start_trackside):
    server = start_trackside("--event-loops", "1")
    resource.prlimit(server.process.pid, resource.RLIMIT_NOFILE, (48, 48))
    clients = [socket.create_connection((server.host, server.port), timeout=5) for _ in range(80)]
    try:
        time.sleep(0.3)
        before = cpu_seconds(server.process.pid)
        time.sleep(1.0)
        # Spinning on a listener that stays readable would burn a whole core.
        assert cpu_seconds(server.process.pid) - before < 0.3
        # Said once for the whole run of failures, with the reason.
        failing = [line for line in server.log().splitlines() if "pausing accepts" in line]
        assert len(failing) == 1 and "Too many open files" in failing[0], server.log()
    finally:
        for client in clients:
            client.close()
    deadline = time.monotonic() + 5
    while True:
        try:
            connection = http.client.HTTPConnection(server.host, server.port, timeout=2)
            connection.request("GET", "/index.html")
            assert connection.getresponse().status == 200
            break
        except (OSError, http.client.HTTPException):
            assert time.monotonic() < deadline, "the server did not recover after descriptors were freed"
            time.sleep(0.1)
    assert "loop-0: accepting connections again" in server.log()


def test_files_larger_than_the_output_bound_arrive_whole(start_trackside, tmp_path):
    public = tmp_path / "public"
    public.mkdir()
    (public / "index.html").write_text("<!doctype html><title>t</title>")
    blob = os.urandom(3 * 1024 * 1024)
    (public / "blob.bin").write_bytes(blob)
    text = "".join(f"line {i} of a large script\n" for i in range(200_000)).encode()
    (public / "large.js").write_bytes(text)
    server = start_trackside("--public", public)
    connection = http.client.HTTPConnection(server.host, server.port, timeout=10)
    connection.request("GET", "/blob.bin")
    response = connection.getresponse()
    assert response.getheader("Content-Type") == "application/octet-stream"
    assert response.read() == blob
    connection.request("GET", "/large.js", headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    assert response.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(response.read()) == text


def test_expect_continue_gets_100_before_the_body(trackside_server):
    with socket.create_connection((trackside_server.host, trackside_server.port), timeout=5) as sock:
        sock.sendall(b"POST /index.html HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        assert sock.recv(65536) == b"HTTP/1.1 100 Continue\r\n\r\n"
        sock.sendall(b"body")
        assert status_line(sock.recv(65536)) == b"HTTP/1.1 405 Method Not Allowed"


def split_reply(reply: bytes):
    """Status code, headers (lower-case names) and body of one raw response."""
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split(" ")[1]), {name.lower(): value for name, value in headers.items()}, body


HTTP_LAYER_ERRORS = [
    # (status, code, request with {path} where the target goes)
    (400, "bad_request", b"GET {path} HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n"),
    (400, "bad_request", b"GET {path}\r\n\r\n"),
    (405, "method_not_allowed", b"DELETE {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    (413, "content_too_large", b"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n"),
    (414, "uri_too_long", b"GET {path}?q=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"),
    (431, "request_header_fields_too_large",
     b"GET {path} HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(150)) + b"\r\n"),
    (505, "http_version_not_supported", b"GET {path} HTTP/2.0\r\nHost: x\r\n\r\n"),
]


@pytest.mark.parametrize("status,code,template", HTTP_LAYER_ERRORS, ids=[str(e[0]) + e[1] for e in HTTP_LAYER_ERRORS])
def test_http_layer_errors_are_json_under_api_and_text_elsewhere(trackside_server, status, code, template):
    api = split_reply(raw_exchange(trackside_server, template.replace(b"{path}", b"/api/stations")))
    assert api[0] == status
    assert api[1]["content-type"] == "application/json"
    error = json.loads(api[2])["error"]
    assert error["code"] == code and error["message"]

    page = split_reply(raw_exchange(trackside_server, template.replace(b"{path}", b"/index.html")))
    assert page[0] == status
    assert page[1]["content-type"] == "text/plain; charset=utf-8"
    assert page[2].startswith(b"%d " % status)


def test_request_timeout_under_api_is_json(start_trackside):
    server = start_trackside("--request-timeout", "0.5")
    reply = raw_exchange(server, b"GET /api/vehicles?bbox=1,2,3,4 HTTP/1.1\r\nHost: x\r\n")
    status, headers, body = split_reply(reply)
    assert status == 408 and headers["content-type"] == "application/json"
    assert json.loads(body) == {"error": {"code": "request_timeout", "message": "the request did not arrive in time"}}
