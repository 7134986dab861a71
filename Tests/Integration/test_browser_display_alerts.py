"""The station display's alerts ticker in headless Chromium: it shows the alerts in force at the station, as
`GET /api/alerts?station=…&when=now` lists them, with inline route bullets, and follows the `alerts` pushes of its
`watch` (an alert that leaves the feed leaves the ticker, and comes back with it)."""
import time

import pytest
from google.transit import gtfs_realtime_pb2

import headless_chromium
from headless_chromium import open_page, wait_until
from trackside_api import get_json

ALERTS = "alerts/mta_subway_alerts_20240120T185938.pb"
STOPS = "nyc-subway-gtfs/2025-08_no-shapes-no-stop_times"


def open_display(browser, server, station):
    open_page(browser, f"{server.base_url}/display?station={station}")
    wait_until(browser, "window.__trackside && window.__trackside.state === 'live'", timeout=30)


def page_alerts(browser):
    return browser.execute_script("return window.__trackside.alerts")


def current_alert_ids(server, station):
    return [a["id"] for a in get_json(server, f"/api/alerts?station={station}&when=now")["alerts"]]


def wait_for_page_to_match_rest(browser, server, station, timeout=30):
    """Polls until the page's current alerts equal the REST list (alerts may change between two reads)."""
    deadline = time.monotonic() + timeout
    while True:
        expected, shown = current_alert_ids(server, station), page_alerts(browser)
        if shown == expected:
            return shown
        if time.monotonic() > deadline:
            pytest.fail(f"the page shows {shown}, /api/alerts lists {expected}")
        time.sleep(0.2)


def ticker(browser):
    """What the ticker shows: its alert's id, its text and the inline bullets' labels."""
    return browser.execute_script("""
        const ticker = document.getElementById('ticker');
        return {hidden: ticker.hidden, id: window.__trackside.tickerAlert,
                text: ticker.querySelector('.ticker-text')?.textContent ?? null,
                bullets: [...ticker.querySelectorAll('.ticker-text .bullet')].map(b => b.getAttribute('aria-label'))};""")


def station_with_current_alerts(server, timeout=30):
    """A station of the network with an alert in force now, and that alert (polling: feeds arrive after start)."""
    stations = {f["properties"]["id"] for f in get_json(server, "/api/stations")["features"]}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for alert in get_json(server, "/api/alerts?when=now")["alerts"]:
            for station in alert.get("stations", []):
                if station in stations:
                    return station, alert
        time.sleep(0.25)
    pytest.fail("no station has an alert in force")


def test_ticker_shows_the_demo_alerts_in_force_with_route_bullets(browser, trackside_server):
    station, _ = station_with_current_alerts(trackside_server)
    open_display(browser, trackside_server, station)
    shown = wait_for_page_to_match_rest(browser, trackside_server, station)
    assert shown, "the station has an alert in force"
    wait_until(browser, "document.getElementById('ticker').hidden === false", timeout=10)
    on_screen = ticker(browser)
    alert = next(a for a in get_json(trackside_server, f"/api/alerts?station={station}")["alerts"]
                 if a["id"] == on_screen["id"])
    segments = alert["header_segments"]
    routes = [s["route"] for s in segments if isinstance(s, dict)]
    assert on_screen["hidden"] is False
    assert len(on_screen["bullets"]) == len(routes)
    assert all(route in label for route, label in zip(routes, on_screen["bullets"]))
    # The text around the bullets is the header's, word for word.
    words = "".join(s if isinstance(s, str) else "" for s in segments).split()
    assert [w for w in on_screen["text"].split() if w not in routes] == words
    # With the ticker, the board still fits every screen shape.
    try:
        for width, height in ((1920, 1080), (1080, 1920), (1024, 768)):
            headless_chromium.set_viewport(browser, width, height)
            outside = browser.execute_script("""
                return [...document.querySelectorAll('.board-header, .row, #ticker, .board-footer')]
                    .map(e => e.getBoundingClientRect())
                    .filter(r => r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
                    .length""")
            assert outside == 0, (width, height)
    finally:
        headless_chromium.set_viewport(browser, 1024, 768)
    assert browser.execute_script("return window.__errors") == []


@pytest.fixture
def alternating_alerts(tmp_path, shared_data):
    """A replay folder of two alerts files 20 recorded seconds apart: the real MTA feed, then the same feed
    without the entities of one alert in force at some station. Returns the folder and a function choosing
    that alert once the server runs (it writes the second file)."""
    folder = tmp_path / "replay"
    folder.mkdir()
    original = shared_data / ALERTS
    (folder / original.name).symlink_to(original)

    def leave_out(source_ids):
        feed = gtfs_realtime_pb2.FeedMessage.FromString(original.read_bytes())
        kept = [entity for entity in feed.entity if entity.id not in source_ids]
        assert len(kept) < len(feed.entity)
        del feed.entity[:]
        feed.entity.extend(kept)
        feed.header.timestamp += 20
        (folder / "mta_subway_alerts_20240120T185958.pb").write_bytes(feed.SerializeToString())

    return folder, leave_out


def test_ticker_follows_pushed_removals_and_additions(browser, start_trackside, shared_data, alternating_alerts):
    folder, leave_out = alternating_alerts
    # First a server on the original feed alone, to choose the alert.
    probe = start_trackside("--source", f"replay:{folder}", "--gtfs", shared_data / STOPS)
    station, alert = station_with_current_alerts(probe)
    assert probe.stop() == 0
    leave_out(set(alert.get("source_ids", [alert["id"]])))

    server = start_trackside("--source", f"replay:{folder}", "--gtfs", shared_data / STOPS,
                             "--replay-loop", "--replay-speed", "4")
    open_display(browser, server, station)
    contains = f"window.__trackside.alerts.includes({alert['id']!r})"
    # The recording alternates every 5 s: the alert is in force, then gone, then back, each time by a push.
    for expression in (contains, f"!{contains}", contains, f"!{contains}"):
        wait_until(browser, expression, timeout=30)
    assert browser.execute_script("return window.__errors") == []
