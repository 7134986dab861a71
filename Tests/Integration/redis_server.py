"""A redis-server of the test's own: 127.0.0.1, a free port, a temporary folder, nothing persisted.

The settings are Tests/TestSupport/redis-test.conf, shared with the Swift suites' RedisServerProcess.
`Tests/setup.sh` installs Debian's redis-server. Use the `redis_server` fixture (conftest.py) or the class:

    with RedisServer(password="secret") as redis:
        redis.url            # redis://:secret@127.0.0.1:PORT
        redis.kill()         # SIGKILL, as a crash
        redis.start()        # again, on the same port (empty: nothing was persisted)
"""
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import tempfile
import time

CONFIG = pathlib.Path(__file__).resolve().parents[1] / "TestSupport" / "redis-test.conf"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    def __init__(self, password=None, arguments=()):
        self.password = password
        self.arguments = list(arguments)
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="trackside-redis-"))
        self.process = None
        for attempt in range(5):  # a port free a moment ago may be taken before the server binds it
            self.port = free_port()
            try:
                self.start()
                return
            except RuntimeError:
                if attempt == 4:
                    raise

    @property
    def url(self) -> str:
        auth = f":{self.password}@" if self.password else ""
        return f"redis://{auth}127.0.0.1:{self.port}"

    @property
    def log_path(self) -> pathlib.Path:
        return self.folder / "redis.log"

    def start(self, timeout=10.0):
        """Starts the server (again) on self.port and waits until it accepts connections."""
        assert self.process is None, "already running"
        self.log_path.unlink(missing_ok=True)
        command = [shutil.which("redis-server") or "/usr/bin/redis-server", str(CONFIG), "--port", str(self.port),
                   "--dir", str(self.folder), "--logfile", str(self.log_path)]
        if self.password:
            command += ["--requirepass", self.password]
        self.process = subprocess.Popen(command + self.arguments, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.log_path.exists() and "Ready to accept connections" in self.log_path.read_text(errors="replace"):
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.01)
        log = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        self._signal(signal.SIGKILL)
        raise RuntimeError(f"redis-server did not start:\n{log}")

    def command(self, *words, timeout=2.0):
        """Sends one command on a throwaway connection and returns its decoded reply (bytes, int, str, list or
        None; an error reply is raised as RedisReplyError)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as connection:
            replies = connection.makefile("rb")
            if self.password:
                connection.sendall(_encode(["AUTH", self.password]))
                _read_reply(replies)
            connection.sendall(_encode(list(words)))
            return _read_reply(replies)

    def kill(self):
        """Ends the server abruptly (SIGKILL), as a crash would."""
        self._signal(signal.SIGKILL)

    def stop(self):
        self._signal(signal.SIGTERM)

    def _signal(self, number):
        if self.process is None:
            return
        if self.process.poll() is None:
            os.kill(self.process.pid, number)
        self.process.wait(timeout=10)
        self.process = None

    def close(self):
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class RedisReplyError(Exception):
    """An error reply (`-ERR ...`)."""


def _read_reply(replies):
    line = replies.readline()
    if not line.endswith(b"\r\n"):
        raise ConnectionError("redis-server closed the connection")
    kind, body = line[:1], line[1:-2]
    if kind == b"+":
        return body.decode()
    if kind == b"-":
        raise RedisReplyError(body.decode())
    if kind == b":":
        return int(body)
    if kind == b"$":
        length = int(body)
        return None if length < 0 else replies.read(length + 2)[:-2]
    if kind == b"*":
        count = int(body)
        return None if count < 0 else [_read_reply(replies) for _ in range(count)]
    raise ConnectionError(f"not RESP: {line!r}")


def _encode(words) -> bytes:
    parts = [f"*{len(words)}\r\n".encode()]
    for word in words:
        data = word if isinstance(word, bytes) else str(word).encode()
        parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(parts)
