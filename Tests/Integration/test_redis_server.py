"""The tests' own redis-server (redis_server.py), which the engine/edge suites build on: it starts on a free port of
127.0.0.1, answers, persists nothing across a kill and restart on the same port, and honours requirepass."""
import pytest

from redis_server import RedisReplyError, RedisServer


def test_a_killed_server_restarts_on_its_port_empty(redis_server):
    assert redis_server.command("PING") == "PONG"
    assert redis_server.command("XADD", "ticks", "3-0", "board", b"\x00\r\n") == b"3-0"
    assert redis_server.command("XRANGE", "ticks", "-", "+") == [[b"3-0", [b"board", b"\x00\r\n"]]]
    port = redis_server.port
    redis_server.kill()
    with pytest.raises(OSError):
        redis_server.command("PING", timeout=0.5)
    redis_server.start()
    assert redis_server.port == port
    assert redis_server.command("XLEN", "ticks") == 0
    assert redis_server.command("CONFIG", "GET", "bind")[1] == b"127.0.0.1"


def test_a_password_is_required_when_set():
    with RedisServer(password="s3cret") as server:
        assert server.url.startswith("redis://:s3cret@127.0.0.1:")
        assert server.command("INCR", "n") == 1
        server.password = None
        with pytest.raises(RedisReplyError, match="NOAUTH"):
            server.command("INCR", "n")
