"""The example clients of examples/, each run against a real server replaying the 7 train, must print (or show)
the live vehicles `/api/vehicles` has: the Python client, the Node client (Node's built-ins only) and the browser
page, which is served from another origin (another port on 127.0.0.1) and so also shows a cross-origin page
reading `/api/vehicles` (CORS), and failing to once `--cors-origin` leaves its origin out."""
import functools
import http.server
import json
import re
import subprocess
import sys
import threading

import pytest

import headless_chromium
from trackside_api import GTFS, ROOT_EXAMPLES, SEVEN_TRAIN_REPLAY, fetch

LINE_7 = "-74.01,40.735,-73.82,40.765"


@pytest.fixture
def seven_train(start_trackside, shared_data):
    def start(*extra):
        return start_trackside("--source", f"replay:{shared_data / SEVEN_TRAIN_REPLAY}", "--gtfs", shared_data / GTFS,
                               "--replay-speed", "10", "--tick", "0.5", "--replay-loop", *extra, wait_ready=True,
                               start_timeout=90)
    return start


def rest_ids(server):
    return {v["id"] for v in json.loads(fetch(server, f"/api/vehicles?bbox={LINE_7}")[2])["vehicles"]}


def printed_ids(output):
    return set(re.findall(r"\[([^\]]+)\]$", output, re.M))


def assert_prints_live_vehicles(output, server):
    ids = printed_ids(output)
    assert len(ids) >= 5, output
    # The snapshot prints every train in the box; a moment later REST shows (nearly all) the same trains.
    rest = rest_ids(server)
    assert len(rest & ids) >= 0.8 * len(rest), (sorted(rest - ids), output)
    assert len(re.findall(r"^-- seq \d+: \d+ vehicles", output, re.M)) == 3, output


def check_the_python_client(server):
    result = subprocess.run([sys.executable, str(ROOT_EXAMPLES / "python/live_vehicles.py"),
                             "--server", f"ws://{server.host}:{server.port}", f"--bbox={LINE_7}", "--updates", "3"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "(replay data, protocol 1)" in result.stdout
    assert_prints_live_vehicles(result.stdout, server)


def node_command():
    """node, with --experimental-websocket where the global WebSocket is not on by default (Node 20, 21)."""
    try:
        version = subprocess.run(["node", "--version"], capture_output=True, text=True, timeout=10).stdout
    except FileNotFoundError:
        pytest.fail("node is missing (Tests/setup.sh installs Debian's nodejs)")
    major = int(version.strip().lstrip("v").split(".")[0])
    assert major >= 20, f"node {version.strip()} is too old for the example (fetch and WebSocket need 20+)"
    return ["node"] if major >= 22 else ["node", "--experimental-websocket"]


def check_the_node_client(server):
    """With --all: the whole network (the 7 train's, all within the box the other clients subscribe to)."""
    result = subprocess.run([*node_command(), str(ROOT_EXAMPLES / "node/live-vehicles.mjs"), "--server", server.base_url,
                             "--all", "--updates", "3"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("replay data from trackside ") and "protocol 1" in result.stdout
    assert_prints_live_vehicles(result.stdout, server)


@pytest.fixture
def page_origin():
    """examples/browser served on its own port: a different origin from the Trackside server's."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(ROOT_EXAMPLES / "browser"))
    handler.log_message = lambda *args: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_the_browser_page_from_another_origin_shows_the_live_trains(browser, seven_train, page_origin):
    assert len((ROOT_EXAMPLES / "browser/index.html").read_text().splitlines()) < 60
    server = seven_train()
    headless_chromium.open_page(browser, f"{page_origin}/index.html?server={server.base_url}&bbox={LINE_7}")
    headless_chromium.wait_until(browser, "window.__info && window.__info.seq !== null && window.__info.vehicles.size > 0")
    info = browser.execute_script("const i = window.__info; return {rest: i.restCount, errors: i.errors, "
                                  "source: i.source, ids: [...i.vehicles.keys()]}")
    assert info["errors"] == [] and info["source"] == "replay"
    assert info["rest"] >= 5, "the cross-origin fetch of /api/vehicles read the trains"
    rows = browser.execute_script("return [...document.querySelectorAll('#rows tr')].map(r => r.dataset.id)")
    assert sorted(rows) == sorted(info["ids"]) and len(rows) >= 5
    assert set(rows) & rest_ids(server)
    assert "vehicles · replay data" in headless_chromium.text_of(browser, "#status")


def test_the_browser_page_cannot_read_a_server_that_does_not_allow_its_origin(browser, seven_train, page_origin):
    server = seven_train("--cors-origin", "https://elsewhere.example")
    headless_chromium.open_page(browser, f"{page_origin}/index.html?server={server.base_url}&bbox={LINE_7}")
    errors = headless_chromium.wait_until(browser, "window.__info && window.__info.errors.length && window.__info.errors")
    assert "TypeError" in errors[0] and "fetch" in errors[0].lower(), errors
    assert browser.execute_script("return window.__info.restCount") is None


def check_the_readme_quick_start(server, tmp_path):
    readme = (ROOT_EXAMPLES.parent / "README.md").read_text()
    snippet = re.search(r"## Quick start for developers\n.*?```js\n(.*?)```", readme, re.S).group(1)
    assert len(snippet.strip().splitlines()) == 5
    script = tmp_path / "quick-start.mjs"
    script.write_text(snippet.replace("ws://127.0.0.1:8080", f"ws://{server.host}:{server.port}")
                      .replace("[-74.02, 40.70, -73.96, 40.77]", "[" + LINE_7 + "]")
                      + "setTimeout(() => process.exit(0), 3000);\n")
    result = subprocess.run([*node_command(), str(script)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    counts = [int(line.split()[0]) for line in result.stdout.splitlines() if line.endswith(" vehicles")]
    assert len(counts) >= 3 and min(counts[1:]) >= 5, result.stdout  # the first is the hello, before the snapshot


def test_the_python_and_node_clients_and_the_readme_quick_start_print_live_vehicles(seven_train, tmp_path):
    """One server for the three command-line clients (each its own process and connection)."""
    server = seven_train()
    check_the_python_client(server)
    check_the_node_client(server)
    check_the_readme_quick_start(server, tmp_path)
