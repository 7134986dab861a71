"""Embedding the station display in other sites: the CSP frame-ancestors header per page, `--frame-ancestors`,
and a real cross-origin <iframe> in headless Chromium (the embedding page on a second local server)."""
import functools
import http.server
import subprocess
import threading
import time
import urllib.request

import pytest

from headless_chromium import open_page, wait_until
from trackside_api import replay_args, station_with_arrivals


def headers(server, path):
    with urllib.request.urlopen(server.base_url + path, timeout=10) as response:
        return response.headers


def test_display_may_be_framed_by_any_site_and_other_pages_by_their_own_origin(start_trackside, shared_data):
    server = start_trackside(*replay_args(shared_data))
    for path in ("/display/", "/display/?station=127", "/display/index.html"):
        got = headers(server, path)
        assert got.get_all("Content-Security-Policy") == ["frame-ancestors *"], path
        assert got["X-Frame-Options"] is None, path
    for path in ("/", "/index.html", "/status", "/js/display.js"):
        got = headers(server, path)
        assert got.get_all("Content-Security-Policy") == ["frame-ancestors 'self'"], path
        assert got["X-Frame-Options"] is None, path


def test_frame_ancestors_option_sets_the_displays_list(start_trackside, shared_data):
    sources = "'self' https://lobby.example http://127.0.0.1:*"
    server = start_trackside(*replay_args(shared_data), "--frame-ancestors", sources)
    assert headers(server, "/display/").get_all("Content-Security-Policy") == [f"frame-ancestors {sources}"]
    assert headers(server, "/").get_all("Content-Security-Policy") == ["frame-ancestors 'self'"]


@pytest.mark.parametrize("value, message", [
    ("https://a.example; script-src *", "is not a CSP source"),
    ("self", "needs its single quotes"),
    ("'none' https:", "cannot be combined"),
    ("", "empty"),
])
def test_bad_frame_ancestors_is_a_usage_error(trackside_bin, value, message):
    result = subprocess.run([str(trackside_bin), "serve", "--port", "0", "--frame-ancestors", value],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "--frame-ancestors" in result.stderr and message in result.stderr


@pytest.fixture
def embedding_site(tmp_path):
    """A second local web server (another origin: another port) whose page frames a given display URL."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args: None
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=site.serve_forever, daemon=True).start()

    def page(display_url):
        (tmp_path / "lobby.html").write_text(f"""<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>Lobby</title></head><body style="margin:0">
<iframe id="board" src="{display_url}" style="width:960px;height:540px;border:0" title="Next trains"></iframe>
</body></html>""")
        return f"http://127.0.0.1:{site.server_address[1]}/lobby.html"

    yield page
    site.shutdown()
    site.server_close()


def open_in_frame(browser, url):
    open_page(browser, url)
    wait_until(browser, "document.readyState === 'complete'", timeout=30)
    browser.switch_to.frame(browser.find_element("id", "board"))


def test_display_runs_inside_an_iframe_of_another_origin(browser, start_trackside, shared_data, embedding_site):
    server = start_trackside(*replay_args(shared_data))
    station, _ = station_with_arrivals(server)
    assert station is not None
    station_id = station["properties"]["id"]
    try:
        open_in_frame(browser, embedding_site(f"{server.base_url}/display/?station={station_id}&theme=light"))
        wait_until(browser, "window.__trackside && window.__trackside.ready === true"
                            " && window.__trackside.rows.length > 0 && window.__trackside.state === 'live'", timeout=30)
        assert browser.execute_script("return window.__trackside.station") == station_id
        assert browser.execute_script("return location.origin") == server.base_url
        assert browser.execute_script("return window.top !== window")
        assert browser.execute_script("return window.__errors") == []
    finally:
        browser.switch_to.default_content()
    assert [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_browser_refuses_the_frame_when_the_site_is_not_listed(browser, start_trackside, shared_data, embedding_site):
    server = start_trackside(*replay_args(shared_data), "--frame-ancestors", "'self' https://lobby.example")
    try:
        open_in_frame(browser, embedding_site(f"{server.base_url}/display/?station=127"))
        browser.switch_to.default_content()
        refusals = []
        deadline = time.monotonic() + 30
        while not refusals and time.monotonic() < deadline:
            refusals = [e["message"] for e in browser.get_log("browser")
                        if "frame-ancestors 'self' https://lobby.example" in e["message"] and "blocked" in e["message"]]
            time.sleep(0.2)
        assert refusals, "Chromium did not report refusing the frame"
        browser.switch_to.frame(browser.find_element("id", "board"))
        assert browser.execute_script("return [location.origin, typeof window.__trackside]") == ["null", "undefined"]
    finally:
        browser.switch_to.default_content()
