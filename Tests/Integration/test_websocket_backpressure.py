"""A client that never reads must not make the server's memory grow past its output bound:
the echo output backs up, the server stops reading from that client, and after the stall
timeout closes it with 1008 (logged), while other clients are served normally."""
import os
import re
import socket
import time

import websocket_raw as raw


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+) kB", status.read()).group(1))


def test_client_that_never_reads_is_bounded_and_closed_1008(start_trackside):
    server = start_trackside("--enable-echo", "--stall-timeout", "2")
    pid = server.process.pid
    before = rss_kib(pid)

    hog = raw.RawWebSocket(server.port)
    hog.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)   # keep what the kernel buffers small
    message = raw.frame(0x2, os.urandom(60_000))
    hog.sock.settimeout(0.5)
    sent = 0
    deadline = time.monotonic() + 20
    # Keep sending until the server stops reading (our send blocks) or 200 MB went out.
    while sent < 200 << 20 and time.monotonic() < deadline:
        try:
            hog.sock.sendall(message)
            sent += len(message)
        except socket.timeout:
            break
        except (ConnectionResetError, BrokenPipeError):
            break
    print(f"sent {sent} bytes before the server stopped reading")
    assert sent < 200 << 20, "the server kept reading from a client that does not read"
    peak = rss_kib(pid)
    print(f"RSS before {before} KiB, at peak {peak} KiB")

    # Another client is served while the hog is stuck.
    other = raw.RawWebSocket(server.port)
    other.send(raw.frame(0x1, b"alive"))
    assert other.recv_frame() == (True, False, 0x1, b"alive")
    other.close()

    deadline = time.monotonic() + 10
    while "closed 1008" not in server.log() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert re.search(r"websocket 127\.0\.0\.1:\d+ closed 1008: client stopped reading", server.log())
    # The echo output bound is 1 MiB plus a frame; allow the read buffers and allocator slack.
    assert peak - before < 24 * 1024, f"RSS grew by {peak - before} KiB for {sent} bytes sent"
    hog.close()
