"""The station display (/display?station=ID) in headless Chromium against a real `trackside serve` (replay)."""
import datetime
import pathlib
import shutil
import time
import zoneinfo

import pytest
from google.transit import gtfs_realtime_pb2
from selenium.webdriver.common.by import By

import headless_chromium
from headless_chromium import open_page, wait_until
from trackside_api import (GTFS, LocalPublisher, arrival_groups, get_json, replay_args, seven_train_replay_with_bad_files,
                           station_with_arrivals)

ROOT = pathlib.Path(__file__).resolve().parents[2]
ROWS = "window.__trackside.rows"


@pytest.fixture
def busy_station(replay_server):
    station, groups = station_with_arrivals(replay_server)
    assert station is not None, "no busy Manhattan station has arrivals in the replay"
    return station["properties"]["id"], groups


def open_display(browser, server, query):
    open_page(browser, f"{server.base_url}/display?{query}")
    wait_until(browser, f"window.__trackside && window.__trackside.ready === true && {ROWS}.length > 0", timeout=30)


def rows(browser):
    return browser.execute_script(f"return {ROWS}")


def assert_clean(browser, server):
    assert browser.execute_script("return window.__errors") == []
    assert [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []
    resources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert [url for url in resources if not url.startswith((server.base_url, "data:", "blob:"))] == []


def test_board_shows_the_servers_arrivals(browser, replay_server, busy_station):
    station, _ = busy_station
    open_display(browser, replay_server, f"station={station}")
    shown = rows(browser)
    groups = arrival_groups(get_json(replay_server, f"/api/stations/{station}"))
    expected = sorted((a["minutes"], g["route"], g["direction"]) for g in groups for a in g["arrivals"])
    # As many rows as fit the 1024x768 screen (test_browser_display_honesty checks they fill it).
    assert len(shown) >= min(6, len(expected))
    # Soonest first, and each row is one of the server's arrivals (minutes may have ticked by one since).
    assert [r["minutes"] for r in shown] == sorted(r["minutes"] for r in shown)
    for row in shown:
        assert any(route == row["route"] and direction == row["direction"] and abs(minutes - row["minutes"]) <= 1
                   for minutes, route, direction in expected), row
    name = get_json(replay_server, f"/api/stations/{station}")["name"]
    assert browser.find_element(By.ID, "station-name").text == name
    assert browser.execute_script("return getComputedStyle(document.body).cursor") == "none"
    assert page_state(browser) == "live"
    assert_clean(browser, replay_server)


def page_state(browser):
    return browser.execute_script("return window.__trackside.state")


def test_options_filter_and_restyle_the_board(browser, replay_server, busy_station):
    station, groups = busy_station
    direction = groups[0]["direction"]
    route = groups[0]["route"]
    open_display(browser, replay_server, f"station={station}&direction={direction}&lines={route}&rows=2"
                                          "&theme=light&lang=es&scale=1.5")
    shown = rows(browser)
    assert 1 <= len(shown) <= 2
    assert all(r["direction"] == direction and r["route"] == route for r in shown)
    assert browser.execute_script("return document.documentElement.lang") == "es"
    assert browser.execute_script("return document.documentElement.dataset.theme") == "light"
    assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    assert_clean(browser, replay_server)


def test_walk_hides_trains_leaving_sooner_than_the_walk(browser, replay_server, busy_station):
    station, _ = busy_station
    walk = 5
    # Small type, so that all twenty rows fit the screen (rows that do not fit are not shown).
    open_display(browser, replay_server, f"station={station}&walk={walk}&rows=20&scale=0.4")
    shown = rows(browser)
    groups = arrival_groups(get_json(replay_server, f"/api/stations/{station}"))
    # The recorded board always has a train within 5 minutes at the busy stations, so the filter has work to do.
    near = [(g["route"], a["minutes"]) for g in groups for a in g["arrivals"] if a["minutes"] < walk - 1]
    assert near, groups
    assert shown and all(r["minutes"] >= walk for r in shown), shown
    later = sum(1 for g in groups for a in g["arrivals"] if a["minutes"] >= walk + 1)
    assert len(shown) >= min(20, later)
    assert_clean(browser, replay_server)


@pytest.mark.parametrize("width,height", [(1920, 1080), (1080, 1920), (1024, 768)])
def test_board_fits_the_screen(browser, replay_server, busy_station, width, height):
    station, _ = busy_station
    headless_chromium.set_viewport(browser, width, height)
    try:
        open_display(browser, replay_server, f"station={station}")
        overflow = browser.execute_script("""
            const w = innerWidth, h = innerHeight;
            return [...document.querySelectorAll('.board-header, .row, .board-footer')]
                .map(e => e.getBoundingClientRect())
                .filter(r => r.left < 0 || r.top < 0 || r.right > w + 0.5 || r.bottom > h + 0.5).length
                + (document.scrollingElement.scrollWidth > w ? 1 : 0);""")
        assert overflow == 0
    finally:
        headless_chromium.set_viewport(browser, 1024, 768)


def test_keeps_the_last_board_while_reconnecting(browser, start_trackside, shared_data):
    first = start_trackside(*replay_args(shared_data), wait_ready=True)
    station, _ = station_with_arrivals(first)
    assert station is not None
    open_display(browser, first, f"station={station['properties']['id']}")
    before = rows(browser)
    assert first.stop() == 0
    wait_until(browser, "['reconnecting', 'offline'].includes(window.__trackside.state)", timeout=15)
    wait_until(browser, "window.__trackside.boardAge >= 2", timeout=10)
    kept = rows(browser)
    assert kept, "the last board stays on screen"
    assert {r["route"] for r in kept} <= {r["route"] for r in before}
    assert "Reconnecting" in browser.find_element(By.ID, "connection").text or \
        "Offline" in browser.find_element(By.ID, "connection").text
    second = start_trackside(*replay_args(shared_data), port=first.port)
    wait_until(browser, "window.__trackside.state === 'live'", timeout=30)
    wait_until(browser, "window.__trackside.boardAge !== null && window.__trackside.boardAge < 2", timeout=30)
    assert browser.find_element(By.ID, "connection").text == ""
    assert browser.execute_script("return window.__errors") == []
    second.stop()


def alerts_file(folder, when, header):
    """An alerts feed published at `when` (New York time on 2019-06-01, as the 7's recorded files are named) with one
    alert on the 7 at Grand Central."""
    published = datetime.datetime.fromisoformat(f"2019-06-01T{when}-04:00")
    feed = gtfs_realtime_pb2.FeedMessage()
    feed.header.gtfs_realtime_version = "2.0"
    feed.header.timestamp = int(published.timestamp())
    entity = feed.entity.add(id="test-alert")
    entity.alert.header_text.translation.add(text=header, language="en")
    entity.alert.informed_entity.add(route_id="7", stop_id="723")
    period = entity.alert.active_period.add()
    period.start, period.end = int(published.timestamp()) - 3600, int(published.timestamp()) + 3600
    (folder / f"subway-alerts_{published:%Y%m%dT%H%M%S}.pb").write_bytes(feed.SerializeToString())


def test_the_last_good_times_and_alerts_of_failing_feeds_are_marked_until_they_recover(browser, start_trackside, shared_data, tmp_path):
    """Bad feed updates leave the last good times and alerts on the board, the times dimmed and both named in the
    footer; the next good updates clear that."""
    folder = seven_train_replay_with_bad_files(shared_data, tmp_path / "replay")
    alerts_file(folder, "11:28:20", "Delays on the 7")
    (folder / "subway-alerts_20190601T112836.pb").write_bytes(b"\x0a\xff\xff garbage")
    alerts_file(folder, "11:29:00", "Delays on the 7")
    # At 2x the 7's feed is stale from 5 s to 15 s into each 30 s round, the alerts feed from 5.5 s to 17.5 s.
    server = start_trackside("--source", f"replay:{folder}", "--gtfs", shared_data / GTFS, "--replay-speed", "2",
                             "--tick", "0.5", wait_ready=True)
    open_display(browser, server, "station=723")  # Grand Central, on the 7
    footer = "document.getElementById('connection').textContent"
    wait_until(browser, f"{footer} === 'Dimmed times may be out of date · Alerts may be out of date'", timeout=40)
    assert all(row["stale"] is True for row in rows(browser)) and page_state(browser) == "live"
    assert browser.execute_script("return window.__trackside.alerts") == ["test-alert"], "the last good alerts stay"
    dimmed = browser.execute_script("return [...document.querySelectorAll('.row.stale .minutes')].map(e => getComputedStyle(e).opacity)")
    assert dimmed and set(dimmed) == {"0.55"}
    assert "may be out of date" in browser.find_element(By.CSS_SELECTOR, ".row.stale .minutes").get_attribute("aria-label")
    wait_until(browser, f"{footer} === '' && {ROWS}.length > 0 && {ROWS}.every(r => r.stale === false)", timeout=30)
    assert browser.find_elements(By.CSS_SELECTOR, ".row.stale") == []
    assert browser.execute_script("return window.__trackside.alerts") == ["test-alert"]
    assert_clean(browser, server)


def test_a_board_whose_feed_stopped_updating_says_so_instead_of_no_trains(browser, start_trackside, shared_data):
    """Live mode against a local publisher that keeps serving the numbered lines' feed of 2024-01-20: today every
    prediction in it is past and the feed is stale, so Times Sq has no rows, and the board must not claim that no
    trains are coming."""
    body = next((shared_data / "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds").glob("1234567_*.pb")).read_bytes()

    with LocalPublisher(body, serves=lambda path: path.endswith("nyct%2Fgtfs")) as publisher:
        server = start_trackside("--source", "mta", "--gtfs", shared_data / GTFS, "--subway-base",
                                 publisher.base + "/mtagtfsfeeds/", "--subway-interval", "60", "--alerts-interval", "60",
                                 env={"PATH": "/usr/bin:/bin"})
        wait_until_feed = time.monotonic() + 30
        while get_json(server, "/api/stations/127/arrivals").get("stale") is not True:
            assert time.monotonic() < wait_until_feed, "the 2024 feed never made Times Sq's board stale"
            time.sleep(0.2)
        assert get_json(server, "/api/stations/127/arrivals")["groups"] == []
        open_page(browser, f"{server.base_url}/display?station=127")
        wait_until(browser, "window.__trackside && window.__trackside.state === 'live' && "
                            "!document.getElementById('empty').hidden", timeout=30)
        wait_until(browser, "document.getElementById('empty').textContent !== 'Loading arrivals…'", timeout=30)
        assert browser.find_element(By.ID, "empty").text == "Arrival times unavailable: the feed has not updated"
        assert rows(browser) == []
        # Live data carries no source mark, but a stale board is marked so in the header.
        assert browser.execute_script("return window.__trackside.mark") == "Stale"
        assert browser.find_element(By.ID, "source-mark").text == "Stale"
        assert_clean(browser, server)
        # A screen showing only the 7 there is not concerned by the stale routes (1, 2, 3 and the shuttle) of the board.
        assert set(get_json(server, "/api/stations/127/arrivals")["stale_routes"]) <= {"1", "2", "3", "GS"}
        open_page(browser, f"{server.base_url}/display?station=127&lines=7")
        wait_until(browser, "window.__trackside && window.__trackside.state === 'live' && !document.getElementById('empty').hidden "
                            "&& document.getElementById('empty').textContent !== 'Loading arrivals…'", timeout=30)
        assert browser.find_element(By.ID, "empty").text == "No trains expected soon"
        assert browser.execute_script("return window.__trackside.mark") is None
        assert not browser.find_element(By.ID, "source-mark").is_displayed()
        assert_clean(browser, server)


def test_restart_with_the_same_version_does_not_reload_the_page(browser, start_trackside, shared_data):
    first = start_trackside(*replay_args(shared_data), wait_ready=True)
    station, _ = station_with_arrivals(first)
    assert station is not None
    open_display(browser, first, f"station={station['properties']['id']}")
    browser.execute_script("window.__loadedBeforeRestart = true")
    assert first.stop() == 0
    wait_until(browser, "['reconnecting', 'offline'].includes(window.__trackside.state)", timeout=15)
    start_trackside(*replay_args(shared_data), port=first.port)
    wait_until(browser, "window.__trackside.state === 'live'", timeout=30)
    assert browser.execute_script("return window.__loadedBeforeRestart") is True


def test_new_server_version_reloads_the_page_with_the_new_files(browser, start_trackside, shared_data, tmp_path):
    old = start_trackside(*replay_args(shared_data), "--announce-version", "1.0.0-old")
    station, _ = station_with_arrivals(old)
    assert station is not None
    open_display(browser, old, f"station={station['properties']['id']}")
    assert browser.execute_script("return window.__trackside.serverVersion") == "trackside/1.0.0-old"
    browser.execute_script("window.__loadedBeforeUpgrade = true")
    # The upgrade changes a stylesheet that the browser holds in its cache for minutes (Cache-Control max-age).
    upgraded = tmp_path / "Public"
    shutil.copytree(ROOT / "Public", upgraded)
    with open(upgraded / "css" / "display.css", "a") as css:
        css.write("\n.board { outline: 3px solid rgb(1, 2, 3); }\n")
    assert old.stop() == 0
    new = start_trackside(*replay_args(shared_data), "--announce-version", "1.0.0-new", "--public", upgraded,
                          port=old.port)
    wait_until(browser, "window.__loadedBeforeUpgrade === undefined && window.__trackside"
                        " && window.__trackside.serverVersion === 'trackside/1.0.0-new'"
                        f" && {ROWS}.length > 0", timeout=45)
    assert browser.execute_script("return getComputedStyle(document.querySelector('.board')).outlineColor") == \
        "rgb(1, 2, 3)"
    assert get_json(new, "/api/config")["version"] == "1.0.0-new"
    # The console has the refused reconnections from while no server ran; the reloaded page itself is clean.
    assert browser.execute_script("return window.__errors") == []


def clock_text(browser):
    """The board's clock, with the narrow and no-break spaces some locales put before AM/PM made plain."""
    text = browser.find_element(By.ID, "clock").text
    return text.replace("\u202f", " ").replace("\xa0", " ")


def clock_times(ts, zone, minutes):
    """How `ts` and the `minutes` after it read on a 12-hour clock in `zone`."""
    return {datetime.datetime.fromtimestamp(ts + 60 * m, zoneinfo.ZoneInfo(zone)).strftime("%-I:%M %p")
            for m in range(-1, minutes + 1)}


def test_clock_shows_the_servers_time_in_the_agencys_time_zone(browser, replay_server, busy_station):
    station, _ = busy_station
    assert get_json(replay_server, "/api/config")["timezone"] == "America/New_York"
    # The browser's own zone is another one, as on a screen set up abroad or left on UTC.
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    try:
        open_display(browser, replay_server, f"station={station}")
        wait_until(browser, "document.getElementById('clock').textContent !== ''", timeout=15)
        assert browser.execute_script("return window.__trackside.timeZone") == "America/New_York"
        ts = get_json(replay_server, f"/api/stations/{station}/arrivals")["ts"]
        # The replay's clock: the recorded evening in New York, not the machine's time nor Tokyo's.
        assert clock_text(browser) in clock_times(ts, "America/New_York", 2)
        assert clock_text(browser) not in clock_times(ts, "Asia/Tokyo", 2)

        open_display(browser, replay_server, f"station={station}&tz=Europe/Paris")
        wait_until(browser, "document.getElementById('clock').textContent !== ''", timeout=15)
        assert browser.execute_script("return window.__trackside.timeZone") == "Europe/Paris"
        ts = get_json(replay_server, f"/api/stations/{station}/arrivals")["ts"]
        assert clock_text(browser) in clock_times(ts, "Europe/Paris", 2)
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def test_each_direction_has_its_section_with_its_first_row_larger(browser, replay_server, busy_station):
    station, _ = busy_station
    open_display(browser, replay_server, f"station={station}")
    wait_until(browser, f"{ROWS}.length >= 2", timeout=15)
    sections = browser.execute_script("""return [...document.querySelectorAll('.section')].map(section => ({
        heading: section.querySelector('.section-heading').textContent,
        sizes: [...section.querySelectorAll('.row')].map(row => ['.minutes', '.headsign', '.bullet']
            .map(part => parseFloat(getComputedStyle(row.querySelector(part)).fontSize)))}))""")
    shown = rows(browser)
    directions = sorted({r["direction"] for r in shown}, key=lambda d: "NS".index(d))
    # One section per direction shown, northbound first, under its label; each train in its direction's section.
    assert [s["heading"].lower() for s in sections] == [{"N": "uptown", "S": "downtown"}[d] for d in directions]
    assert [len(s["sizes"]) for s in sections] == [sum(1 for r in shown if r["direction"] == d) for d in directions]
    for section in sections:
        first, rest = section["sizes"][0], section["sizes"][1:]
        for other in rest:
            assert all(mine >= 1.3 * theirs for mine, theirs in zip(first, other)), sections
