"""Boards for boarding in the browser: the map popup and the station display word one arrival the same way ("Due"
under a minute, else whole minutes), head each direction, and say when the board was computed."""
import re
import time

from selenium.webdriver.common.by import By

from headless_chromium import click_map_at, open_page, wait_until
from map_page import assert_clean, open_map
from trackside_api import BUSY_STATIONS, get_json


def due_group(server, timeout=60.0):
    """A station, and a group of its board whose next train is due and will be for 30 s more at least: (feature,
    group). Busy stations first, then every station (the replay's trains are due somewhere at almost every moment)."""
    features = get_json(server, "/api/stations")["features"]
    ordered = sorted(features, key=lambda f: (f["properties"]["id"] not in BUSY_STATIONS, f["properties"]["id"]))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for feature in ordered:
            board = get_json(server, f"/api/stations/{feature['properties']['id']}/arrivals")
            for group in board["groups"]:
                first = group["arrivals"][0]
                if first["due"] and first["time"] - board["ts"] <= 25 and group["direction"] in ("N", "S"):
                    return feature, group
    raise AssertionError("no due train anywhere in the replay")


WHEN = re.compile(r"^(Due|\d+ min)$")


def test_popup_and_display_agree_on_due_for_the_same_arrival(browser, replay_server):
    feature, group = due_group(replay_server)
    station = feature["properties"]["id"]
    route, direction = group["route"], group["direction"]

    open_page(browser, f"{replay_server.base_url}/display?station={station}&lines={route}&direction={direction}")
    wait_until(browser, "window.__trackside && window.__trackside.ready === true && window.__trackside.rows.length > 0", timeout=30)
    display = browser.execute_script("return document.querySelector('#rows .row .minutes').textContent")
    heading = browser.execute_script("return document.querySelector('#rows .section-heading').textContent")
    updated = browser.find_element(By.ID, "updated").text
    assert display == "Due"
    assert heading.lower() == (group.get("heading") or {"N": "Uptown", "S": "Downtown"}[direction]).lower()
    # A replay's footer also names the recorded day, so its times are never read as today's.
    assert re.fullmatch(r"Updated \d{1,2}:\d\d [AP]M · recorded \w{3}, \w{3} \d{1,2}, \d{4}", updated), updated

    lon, lat = feature["geometry"]["coordinates"]
    open_map(browser, replay_server, at=f"{lon},{lat},15.5")
    click_map_at(browser, lon, lat)
    wait_until(browser, "document.querySelectorAll('.stop-popup .arrivals li').length > 0", timeout=15)
    popup = browser.execute_script("""
        const rows = [...document.querySelectorAll('.stop-popup .arrival-sections section')].flatMap(section =>
          [...section.querySelectorAll('li')].map(li => ({heading: section.querySelector('h4')?.textContent,
            route: li.querySelector('.bullet')?.textContent, headsign: li.querySelector('.headsign').textContent,
            minutes: li.querySelector('.minutes').textContent})));
        return {rows, updated: document.querySelector('.stop-popup .updated')?.textContent};""")
    mine = [row for row in popup["rows"] if row["route"] == route and row["headsign"] == group.get("headsign")]
    assert mine, popup
    times = mine[0]["minutes"].split(", ")
    # The same arrival, the same word; the rest worded alike.
    assert times[0] == display, mine
    assert all(WHEN.match(text) for text in times), times
    assert mine[0]["heading"].lower() == heading.lower()
    assert re.fullmatch(r"Updated \d{1,2}:\d\d:\d\d [AP]M", popup["updated"]), popup["updated"]
    # Each direction under its own heading.
    assert len({row["heading"] for row in popup["rows"]}) >= 2
    assert_clean(browser, replay_server)
