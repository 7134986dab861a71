"""`trackside serve` configuration on the real binary: every option by flag, TRACKSIDE_* variable and JSON
config file (flag > environment > file > default); bad configurations stop it at startup with one line and
exit status 2; logs are one line per event, text or JSON, filtered by level."""
import json
import os
import pathlib
import re
import socket
import subprocess
import time
import urllib.request

import pytest

from websocket_raw import handshake_request, read_response_head

ROOT = pathlib.Path(__file__).resolve().parents[2]
TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
LISTENING_STDOUT = re.compile(r"^trackside: listening on http://")
# What the issue asks to be configurable, by option name.
REQUIRED = {"host", "port", "event-loops", "max-connections", "max-message-size", "max-output-buffer",
            "max-view-bytes", "max-watches", "compression", "compression-level", "allowed-origin", "public", "data",
            "gtfs", "source", "subway-base", "bus-time-url", "bus-time-key", "subway-interval", "bus-interval",
            "fetch-timeout", "log-level", "log-format", "config"}


def clean_environment(**variables):
    """The test's environment without any TRACKSIDE_ or Bus Time variable, plus `variables`."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("TRACKSIDE_") and k != "MTA_BUS_TIME_KEY"}
    environment.update(variables)
    return environment


def run(binary, *args, env=None):
    return subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=60,
                          env=env if env is not None else clean_environment(), cwd=ROOT)


def help_options(text):
    """{name: (default line)} for every option a help text lists."""
    options = {}
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = re.match(r"^  --(?:\[no-\])?([a-z][a-z0-9-]*)", line)
        if match:
            following = next(l for l in lines[index + 1:] if l.strip().startswith("default:"))
            options[match.group(1)] = following.strip()
    return options


def test_help_lists_every_option_with_its_default_and_variable_as_the_docs_table_does(trackside_bin):
    serve = run(trackside_bin, "serve", "--help")
    overview = run(trackside_bin, "--help")
    assert serve.returncode == 0 and overview.returncode == 0
    listed = help_options(serve.stdout)
    assert REQUIRED <= set(listed), REQUIRED - set(listed)
    assert help_options(overview.stdout) == listed, "trackside --help lists serve's options too"
    for name, line in listed.items():
        variable = "TRACKSIDE_" + name.upper().replace("-", "_")
        assert re.match(rf"^default: .+ · env: {variable}\b", line), (name, line)
    assert "MTA_BUS_TIME_KEY" in listed["bus-time-key"]
    documented = set(re.findall(r"^\| `--(?:\[no-\])?([a-z][a-z0-9-]*)", (ROOT / "docs/OPERATIONS.md").read_text(), re.M))
    assert documented == set(listed)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("args, variables, file_text, expected", [
    (["--port", "70000"], {}, None, "serve: invalid value '70000' for --port: expected an integer from 0 to 65535"),
    (["--subway-interval", "-5"], {}, None, "serve: invalid value '-5' for --subway-interval: expected a number from 1 to 3600"),
    (["--static-gtfs-url", "gopher://x"], {}, None, "serve: invalid value 'gopher://x' for --static-gtfs-url: expected an http:// or https:// URL"),
    (["--frobnicate"], {}, None, "serve: unknown option --frobnicate"),
    (["stray"], {}, None, "serve: unexpected argument 'stray'"),
    ([], {"TRACKSIDE_PORT": "eighty"}, None, "serve: invalid value 'eighty' for TRACKSIDE_PORT: expected an integer from 0 to 65535"),
    ([], {"TRACKSIDE_TICK": "-1"}, None, "serve: invalid value '-1' for TRACKSIDE_TICK: expected a number from 0.05 to 60"),
    (["--config", "/nonexistent/trackside.json"], {}, None, "serve: cannot read config file /nonexistent/trackside.json: No such file or directory"),
    ([], {"TRACKSIDE_CONFIG": "/"}, None, "serve: cannot read config file /: not a regular file"),
    ([], {}, '{"port": 8080,', "is not valid JSON"),
    ([], {}, '["port"]', "must hold a JSON object of option names to values"),
    ([], {}, '{"prot": 8080}', 'unknown key "prot" in config file'),
    ([], {}, '{"port": 70000}', 'invalid value 70000 for "port" in config file'),
    ([], {}, '{"fetch-timeout": -2}', 'invalid value -2 for "fetch-timeout" in config file'),
    ([], {}, '{"subway-base": "not a url"}', 'invalid value "not a url" for "subway-base" in config file'),
])
def test_bad_configurations_fail_at_startup_with_one_line(trackside_bin, tmp_path, args, variables, file_text, expected):
    environment = clean_environment(**variables)
    if file_text is not None:
        environment["TRACKSIDE_CONFIG"] = str(write(tmp_path, "trackside.json", file_text))
    result = run(trackside_bin, "serve", *args, env=environment)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], result.stderr


def test_oversized_and_binary_config_files_fail_at_startup(trackside_bin, tmp_path):
    big = write(tmp_path, "big.json", " " * (1 << 20) + "{}")
    result = run(trackside_bin, "serve", "--config", str(big))
    assert result.returncode == 2 and result.stderr.strip() == f"serve: cannot read config file {big}: larger than 1048576 bytes"
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"{\xff\xfe}")
    result = run(trackside_bin, "serve", "--config", str(binary))
    assert result.returncode == 2 and result.stderr.strip() == f"serve: cannot read config file {binary}: not UTF-8 text"


def handshake_status(server, origin=None, protocols=None):
    """The status of a /ws handshake with those headers, and the response headers."""
    extra = []
    if origin is not None:
        extra.append(f"Origin: {origin}")
    if protocols is not None:
        extra.append(f"Sec-WebSocket-Protocol: {protocols}")
    with socket.create_connection((server.host, server.port), timeout=10) as sock:
        sock.sendall(handshake_request(path="/ws", host=f"{server.host}:{server.port}", extra=extra))
        status, headers, _ = read_response_head(sock)
    return status, headers


def test_allowed_origins_follow_flag_over_environment_over_file(start_trackside, tmp_path):
    config = write(tmp_path, "trackside.json", json.dumps({"allowed-origin": ["https://file.example"]}))
    file_only = start_trackside(env=clean_environment(TRACKSIDE_CONFIG=str(config)))
    assert handshake_status(file_only, "https://file.example")[0] == 101
    assert handshake_status(file_only, "HTTPS://FILE.EXAMPLE")[0] == 101, "origins compare case-insensitively"
    assert handshake_status(file_only, "https://evil.example")[0] == 403
    assert handshake_status(file_only)[0] == 403, "no Origin header is refused once an allowlist is set"

    environment = clean_environment(TRACKSIDE_CONFIG=str(config),
                                    TRACKSIDE_ALLOWED_ORIGIN="https://env.example,http://127.0.0.1:9")
    from_environment = start_trackside(env=environment)
    assert handshake_status(from_environment, "https://env.example")[0] == 101
    assert handshake_status(from_environment, "http://127.0.0.1:9")[0] == 101
    assert handshake_status(from_environment, "https://file.example")[0] == 403, "the environment replaces the file's list"

    from_flag = start_trackside("--allowed-origin", "https://flag.example", env=environment)
    assert handshake_status(from_flag, "https://flag.example")[0] == 101
    assert handshake_status(from_flag, "https://env.example")[0] == 403

    anyone = start_trackside(env=clean_environment())
    assert handshake_status(anyone, "https://anything.example")[0] == 101
    assert handshake_status(anyone)[0] == 101


def test_subprotocols_are_agreed_only_when_configured(start_trackside):
    plain = start_trackside(env=clean_environment())
    status, headers = handshake_status(plain)
    assert status == 101 and "sec-websocket-protocol" not in headers
    configured = start_trackside("--subprotocol", "trackside.v1", env=clean_environment())
    status, headers = handshake_status(configured, protocols="chat, trackside.v1")
    assert status == 101 and headers["sec-websocket-protocol"] == "trackside.v1"
    status, headers = handshake_status(configured, protocols="chat")
    assert status == 101 and "sec-websocket-protocol" not in headers


def wait_for_first_feed(server, timeout=60.0):
    """Waits until the source's first report is accepted, so that its debug event has been written."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{server.base_url}/api/feeds", timeout=10) as response:
            if any(feed["accepted"] > 0 for feed in json.load(response)["feeds"]):
                return
        time.sleep(0.1)
    raise AssertionError(f"no feed accepted within {timeout} s:\n{server.log()}")


def log_events(server):
    """The server's log lines after it exited, without the listening line on stdout."""
    assert server.stop() == 0
    return [line for line in server.log().splitlines() if line and not LISTENING_STDOUT.match(line)]


def test_json_logs_are_one_object_per_line(start_trackside):
    server = start_trackside("--log-format", "json", "--log-level", "debug",
                             env=clean_environment(TRACKSIDE_NO_SUCH_OPTION="1"))
    wait_for_first_feed(server)
    events = [json.loads(line) for line in log_events(server)]
    for event in events:
        assert TIME.match(event["time"]) and event["level"] in {"debug", "info", "warning", "error"} and event["message"]
    messages = [(event["level"], event["message"]) for event in events]
    assert ("warning", "unknown environment variable TRACKSIDE_NO_SUCH_OPTION ignored") in messages
    assert ("info", f"listening on http://{server.host}:{server.port}") in messages
    assert any(level == "info" and message.endswith("shutting down") for level, message in messages)
    assert [e["source"] for e in events if e["message"].startswith("listening")] == ["demo"]
    assert any(e["level"] == "debug" and e["message"].startswith("feed demo-subway: accepted") and e["feed"] == "demo-subway" for e in events), events


def test_text_logs_filter_by_level(start_trackside, tmp_path):
    # A connection limit the open-files limit covers, so the one warning is the unknown variable's.
    environment = clean_environment(TRACKSIDE_NO_SUCH_OPTION="1", TRACKSIDE_MAX_CONNECTIONS="1000")
    server = start_trackside(env=environment)
    wait_for_first_feed(server)
    info = log_events(server)
    pattern = re.compile(r"^(\S+) (debug|info|warning|error) (.+)$")
    parsed = [pattern.match(line) for line in info]
    assert all(parsed), info
    assert all(TIME.match(match.group(1)) for match in parsed)
    assert {match.group(2) for match in parsed} == {"info", "warning"}

    config = write(tmp_path, "trackside.json", json.dumps({"log-level": "warning"}))
    warning = log_events(start_trackside(env={**environment, "TRACKSIDE_CONFIG": str(config)}))
    assert len(warning) == 1 and " warning unknown environment variable TRACKSIDE_NO_SUCH_OPTION ignored" in warning[0]

    error = log_events(start_trackside("--log-level", "error", env=environment))
    assert error == []


def test_deployment_files_use_only_existing_options(trackside_bin):
    import yaml
    listed = help_options(run(trackside_bin, "serve", "--help").stdout)
    variables = {"TRACKSIDE_" + name.upper().replace("-", "_") for name in listed} | {"TRACKSIDE_CONFIG"}
    deployment = yaml.safe_load((ROOT / "deploy/kubernetes/deployment.yaml").read_text())
    [container] = deployment["spec"]["template"]["spec"]["containers"]
    flags = [argument[2:] for argument in container["args"] if argument.startswith("--")]
    unit = (ROOT / "deploy/systemd/trackside.service").read_text()
    exec_start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    flags += re.findall(r" --([a-z][a-z0-9-]*)", exec_start)
    assert flags and set(flags) <= set(listed), set(flags) - set(listed)
    names = [variable["name"] for variable in container.get("env", [])]
    assert names and set(names) <= variables, set(names) - variables


def test_record_reads_its_options_through_the_same_model(trackside_bin, tmp_path):
    help_text = run(trackside_bin, "record", "--help").stdout
    assert {"out", "duration", "subway-base", "bus-time-key", "log-format", "config"} <= set(help_options(help_text))
    missing = run(trackside_bin, "record")
    assert missing.returncode == 2 and missing.stderr.strip() == "record: --out DIR is required"
    bad = run(trackside_bin, "record", "--out", str(tmp_path), env=clean_environment(TRACKSIDE_DURATION="1 hour"))
    assert bad.returncode == 2
    assert bad.stderr.strip() == "record: invalid value '1 hour' for TRACKSIDE_DURATION: expected a positive duration: 90s, 30m, 1h or seconds"
    # serve's variables in the same environment are not typos for record; a name neither command reads is.
    environment = clean_environment(TRACKSIDE_PORT="8080", TRACKSIDE_DURATON="1h")
    short = run(trackside_bin, "record", "--out", str(tmp_path / "out"), "--duration", "0.2s", "--fetch-timeout", "1",
                "--subway-base", "http://127.0.0.1:9/", env=environment)
    assert short.returncode == 0, short.stderr
    warnings = [line for line in short.stderr.splitlines() if "unknown environment variable" in line]
    assert len(warnings) == 1 and "TRACKSIDE_DURATON" in warnings[0], short.stderr
