"""The rider's map, interaction (issue 18, points 3, 5 and 6) in a real browser against a real `trackside serve`:
a click (laptop) and a tap (phone, touch emulation) on a train open its card, whose stops are the server's
`GET /api/vehicles/{id}`; "Follow" keeps the train centred; `/?vehicle=ID` opens the card; a tap 20 px off a
station opens it; the List panel's rows open cards from the keyboard and never cover the zoom buttons; a station's
card hands directions and a link over to the rider's own apps."""
import math
import time
import urllib.parse

import pytest

import headless_chromium
from conftest import TracksideServer
from headless_chromium import click_map_at, open_page, wait_until
from map_page import assert_clean, open_map, page
from trackside_api import GTFS, REPLAY, SEVEN_TRAIN_REPLAY, get_json, get_with_status

# The 7 line from Hudson Yards to Queensboro Plaza at zoom 13.
LINE_7 = "-73.955,40.752,13"


@pytest.fixture(scope="module")
def servers(trackside_bin, shared_data, tmp_path_factory):
    """Two servers for the module: the 1–6 lines replay (looped) and the 7 train at 10x (a new feed every 3 s)."""
    log_dir = tmp_path_factory.mktemp("servers")
    started = {
        "replay": TracksideServer(trackside_bin, ["--source", f"replay:{shared_data / REPLAY}", "--gtfs",
                                                  str(shared_data / GTFS), "--replay-loop"], log_dir),
        "seven": TracksideServer(trackside_bin, ["--source", f"replay:{shared_data / SEVEN_TRAIN_REPLAY}", "--gtfs",
                                                 str(shared_data / GTFS), "--replay-speed", "10", "--replay-loop"],
                                 log_dir),
    }
    for server in started.values():
        server.wait_ready(timeout=60)
    yield started
    for server in started.values():
        assert server.stop() == 0


@pytest.fixture(scope="module")
def phone():
    """A 390x844 phone: touch events, device pixel ratio 2, reduced motion."""
    if not headless_chromium.available():
        pytest.skip("chromium and chromedriver are not installed: run Tests/setup.sh")
    driver = headless_chromium.start(390, 844, mobile=True, reduced_motion=True)
    yield driver
    driver.quit()


def vehicle_inside(browser, inset=110, status=None):
    """A vehicle drawn well inside the viewport: `[id, [x, y]]` of its icon's drawn centre, or None."""
    return browser.execute_script("""
        const [inset, status] = arguments, m = window.__trackside.map, c = m.getCanvas();
        const known = new Map(window.__trackside.vehicleIds.map(id => [id, true]));
        for (const f of m.queryRenderedFeatures({layers: ['vehicle-icons']})) {
            const p = m.project(f.geometry.coordinates);
            let off = f.properties.off; if (typeof off === 'string') off = JSON.parse(off);
            const x = p.x + off[0], y = p.y + off[1];
            if (x < inset || y < inset || x > c.clientWidth - inset || y > c.clientHeight - inset) continue;
            if (status && f.properties.status !== undefined && f.properties.status !== status) continue;
            // No other vehicle within 30 px: the click is about this one.
            const crowd = m.queryRenderedFeatures([[x - 30, y - 30], [x + 30, y + 30]], {layers: ['vehicle-icons']});
            if (crowd.length === 1 && known.has(f.properties.id)) return [f.properties.id, [x, y]];
        }
        return null;""", inset, status)


def click_at(browser, x, y):
    """A real pointer click at viewport pixels (x, y) of the map's canvas."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    canvas = browser.find_element(By.CSS_SELECTOR, "canvas.maplibregl-canvas")
    size = canvas.size
    ActionChains(browser).move_to_element_with_offset(canvas, round(x - size["width"] / 2),
                                                     round(y - size["height"] / 2)).click().perform()


def tap_at(driver, x, y):
    """A finger's tap at viewport pixels (x, y), as the phone's touch screen sends it (the browser makes the click)."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def card_stops(browser):
    return browser.execute_script("""return [...document.querySelectorAll('#vehicle-card li[data-stop]')]
        .map(li => [li.dataset.stop, li.dataset.time === undefined ? null : Number(li.dataset.time)])""")


def assert_card_equals_rest(browser, server, vehicle_id):
    """The open card lists the stops `GET /api/vehicles/{id}` answers (the first eight), with their times."""
    wait_until(browser, "document.querySelectorAll('#vehicle-card li[data-stop]').length > 0", timeout=15)
    for _ in range(20):
        status, rest = get_with_status(server, "/api/vehicles/" + urllib.parse.quote(vehicle_id, safe=""))
        assert status == 200
        expected = [[s["stop"], s.get("arrival", s.get("departure"))] for s in rest["stops"]][:8]
        if card_stops(browser) == expected:
            return rest
        time.sleep(0.25)  # a tick changed the card between the two reads
    pytest.fail(f"the card never showed the server's stops: {card_stops(browser)} vs {expected}")


def test_a_click_on_a_train_opens_its_card_with_the_servers_stops(browser, servers):
    server = servers["replay"]
    open_map(browser, server)
    found = vehicle_inside(browser)
    assert found, "the test view should contain a train standing apart"
    vehicle_id, (x, y) = found
    click_at(browser, x, y)
    wait_until(browser, f"window.__trackside.openVehicle === {vehicle_id!r}", timeout=10)
    rest = assert_card_equals_rest(browser, server, vehicle_id)
    text = browser.find_element("id", "vehicle-card").text
    vehicle = rest["vehicle"]
    assert f"{vehicle['route']} train" in text and (vehicle.get("headsign") or "") in text
    assert "Reported" in text and "ago" in text
    if vehicle["status"] == "stopped" and rest["at"]:
        assert f"Stopped at {rest['at']['name']}" in text
    elif vehicle["status"] == "moving" and rest["at"] and rest["stops"]:
        assert f"Between {rest['at']['name']} and {rest['stops'][0]['name']}" in text
    # Escape from inside the card closes it (and unwatches).
    browser.find_element("css selector", "#vehicle-card .card-close").click()
    wait_until(browser, "window.__trackside.openVehicle === null")
    assert browser.find_element("id", "vehicle-card").is_displayed() is False
    assert_clean(browser, server)


def test_a_tap_on_a_train_opens_its_card_on_a_phone(phone, servers):
    server = servers["replay"]
    open_map(phone, server, at="-73.982,40.758,14")
    found = vehicle_inside(phone, inset=60)
    assert found, "the phone's view should contain a train standing apart"
    vehicle_id, (x, y) = found
    tap_at(phone, x, y)
    wait_until(phone, f"window.__trackside.openVehicle === {vehicle_id!r}", timeout=10)
    assert_card_equals_rest(phone, server, vehicle_id)
    # The card is a bottom sheet on a phone: on screen, below the search box.
    rect = phone.execute_script("return document.getElementById('vehicle-card').getBoundingClientRect().toJSON()")
    assert rect["bottom"] <= 844 and rect["top"] > 100 and rect["width"] >= 360
    assert_clean(phone, server)


def point_beside_a_station(browser, only=None):
    """`[station id, x, y]`: a point 20 px to one side of a station's centre with nothing else drawn within 40 px."""
    return browser.execute_script("""
        const m = window.__trackside.map, c = m.getCanvas(), only = arguments[0];
        for (const f of m.queryRenderedFeatures({layers: ['stations']})) {
            if (only && f.properties.id !== only) continue;
            const p = m.project(f.geometry.coordinates);
            for (const [dx, dy] of [[20, 0], [-20, 0], [0, 20], [0, -20], [14, 14], [-14, 14], [14, -14], [-14, -14]]) {
                const x = p.x + dx, y = p.y + dy;
                if (x < 60 || y < 200 || x > c.clientWidth - 60 || y > c.clientHeight - 120) continue;
                const near = m.queryRenderedFeatures([[x - 40, y - 40], [x + 40, y + 40]],
                                                     {layers: ['stations', 'vehicle-icons', 'bus-stops']});
                if (near.length === 1) return [f.properties.id, x, y];
            }
        }
        return null;""", only)


def open_station_beside_it(driver, server, at, press):
    """Opens the map at `at`, presses (`click_at` or `tap_at`) 20 px beside a station that stands apart, and
    returns the station's id once its popup is open."""
    open_map(driver, server, at=at)
    target = point_beside_a_station(driver)
    assert target, "no station stands apart in the view"
    station, x, y = target
    press(driver, x, y)
    wait_until(driver, f"window.__trackside.openStop === {station!r}", timeout=10)
    return station


def test_a_tap_20_px_off_a_station_opens_it_on_a_phone(phone, servers):
    open_station_beside_it(phone, servers["replay"], "-73.985,40.752,15", tap_at)
    assert_clean(phone, servers["replay"])


# Where the followed train is drawn, measured on a settled frame: the vehicle layer has laid out its latest data, and
# two frames in a row show the train at the same place under the same camera (the layer's hit index is the last
# frame's, so a reading across a data update or a camera move would compare two different moments).
FOLLOWED = """
const [id, done] = arguments;
const m = window.__trackside.map;
const read = () => {
    const c = m.getCanvas(), centre = m.getCenter();
    const f = m.queryRenderedFeatures({layers: ['vehicle-icons']}).find(f => f.properties.id === id);
    if (!f) return null;
    const p = m.project(f.geometry.coordinates);
    return [Math.hypot(p.x - c.clientWidth / 2, p.y - c.clientHeight / 2), centre.lng, centre.lat,
            f.geometry.coordinates.join()];
};
let tries = 0;
const attempt = () => {
    if (!m.isSourceLoaded('vehicles') || m.isMoving()) return setTimeout(attempt, 20);
    requestAnimationFrame(() => requestAnimationFrame(() => {
        const first = read();
        requestAnimationFrame(() => {
            const second = read();
            const same = first && second && first.slice(1).join() === second.slice(1).join();
            if (same || ++tries > 50) done(second && second.slice(0, 3));
            else attempt();
        });
    }));
};
attempt();"""


def test_a_vehicle_link_opens_its_card_and_follow_keeps_it_centred_for_20_seconds(browser, servers):
    server = servers["seven"]
    # A train the server moves (the recording at 10x publishes a new position every few seconds).
    box = "/api/vehicles?bbox=-74.01,40.735,-73.82,40.765"
    before = {v["id"]: (v["lon"], v["lat"]) for v in get_json(server, box)["vehicles"]}
    vehicle_id = None
    for _ in range(20):
        time.sleep(1)
        now = {v["id"]: (v["lon"], v["lat"]) for v in get_json(server, box)["vehicles"]}
        vehicle_id = next((i for i, at in sorted(now.items()) if i in before and before[i] != at), None)
        if vehicle_id:
            break
    assert vehicle_id, "no train moved in the recording"
    follow_for_20_seconds(browser, server, vehicle_id)


def follow_for_20_seconds(browser, server, vehicle_id):
    open_page(browser, f"{server.base_url}/?vehicle={urllib.parse.quote(vehicle_id, safe='')}")
    wait_until(browser, "window.__trackside && window.__trackside.ready === true", timeout=45)
    wait_until(browser, f"window.__trackside.openVehicle === {vehicle_id!r}", timeout=10)
    assert_card_equals_rest(browser, server, vehicle_id)
    first = browser.execute_async_script(FOLLOWED, vehicle_id)
    # On it: in the middle of the screen (at 10x the train may have moved on since the link was opened).
    assert first is not None and first[0] < 250, "the link's map is not on the vehicle"
    # The address keeps naming the vehicle while its card is open, beside the view.
    wait_until(browser, "new URLSearchParams(location.search).get('at') !== null", timeout=5)
    assert browser.execute_script("return new URLSearchParams(location.search).get('vehicle')") == vehicle_id
    browser.execute_script("document.querySelector('#vehicle-card .card-follow').click()")
    wait_until(browser, f"window.__trackside.followed === {vehicle_id!r}")
    assert browser.execute_script("return document.querySelector('#vehicle-card .card-follow').getAttribute('aria-pressed')") == "true"
    centres, worst = [], 0.0
    card_path = "/api/vehicles/" + urllib.parse.quote(vehicle_id, safe="")
    start = get_json(server, card_path)["vehicle"]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        sample = browser.execute_async_script(FOLLOWED, vehicle_id)
        if sample is None and page(browser, "followed") is None:
            break  # the train's trip ended in the recording: following stops with it
        assert sample is not None, "the followed train is no longer drawn"
        worst = max(worst, sample[0])
        centres.append(sample[1:])
        time.sleep(0.4)
    assert len(centres) >= 20, "followed for too short a time to judge"
    assert worst <= 40, f"the followed train drifted {worst:.0f} px from the centre"
    # The view moved with it, as far as the server moved the train.
    status, end = get_with_status(server, card_path)
    metres = lambda a, b: math.hypot((b[0] - a[0]) * 84_000, (b[1] - a[1]) * 111_000)  # noqa: E731
    if status == 200 and metres((start["lon"], start["lat"]), (end["vehicle"]["lon"], end["vehicle"]["lat"])) > 100:
        moved = metres(centres[0], centres[-1])
        assert moved > 50, f"the map only moved {moved:.0f} m while following a train the server moved"
    # Dragging the map is the rider taking over.
    browser.execute_script("window.__trackside.map.fire('dragstart')")
    wait_until(browser, "window.__trackside.followed === null")
    assert page(browser, "openVehicle") == vehicle_id
    assert_clean(browser, server)


def test_list_rows_open_cards_from_the_keyboard_and_leave_the_zoom_buttons_free(browser, servers):
    from selenium.webdriver.common.keys import Keys
    server = servers["replay"]
    open_map(browser, server)
    browser.find_element("id", "list-button").click()
    wait_until(browser, "document.querySelectorAll('#vehicle-list button.list-row').length > 0", timeout=10)
    overlap = browser.execute_script("""
        const a = document.getElementById('vehicle-list-panel').getBoundingClientRect();
        const b = document.querySelector('.maplibregl-ctrl-top-right').getBoundingClientRect();
        return !(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top);""")
    assert overlap is False, "the List panel covers the zoom buttons"
    # Tab from the panel's close button to the first row, then Enter (keys go to whatever has focus: the list is
    # redrawn every 2 s, keeping focus on the same vehicle's new row).
    from selenium.webdriver.common.action_chains import ActionChains
    browser.execute_script("document.getElementById('list-close').focus()")
    ActionChains(browser).send_keys(Keys.TAB).perform()
    row = browser.execute_script("return document.activeElement.dataset.id ?? null")
    assert row, "Tab does not reach the list's rows"
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_until(browser, f"window.__trackside.openVehicle === {row!r}", timeout=10)
    wait_until(browser, """(() => { const m = window.__trackside.map, c = m.getCanvas();
        const f = m.queryRenderedFeatures({layers: ['vehicle-icons']}).find(f => f.properties.id === arguments[0]);
        if (!f) return false; const p = m.project(f.geometry.coordinates);
        return Math.hypot(p.x - c.clientWidth / 2, p.y - c.clientHeight / 2) < 60; })()""".replace(
        "arguments[0]", repr(row)), timeout=10)
    assert_clean(browser, server)


def test_a_station_hands_directions_and_a_link_to_the_riders_apps(browser, servers):
    server = servers["replay"]
    # 20 px beside a station's dot, on a laptop: the 44 px target takes the click.
    station_id = open_station_beside_it(browser, server, "-73.990,40.750,15.5", click_at)
    status, station = get_with_status(server, f"/api/stations/{station_id}")
    assert status == 200
    links = browser.execute_script(
        "return [...document.querySelectorAll('.stop-popup .handoff a')].map(a => a.getAttribute('href'))")
    point = f"{station['lat']:.6f},{station['lon']:.6f}"
    assert any(href.startswith(f"geo:{point}") for href in links), (point, links)
    assert any(href.startswith("https://maps.apple.com/?daddr=" + point) for href in links)
    assert any(href.startswith("https://www.google.com/maps/dir/?api=1&destination=" + point) for href in links)
    assert any(href.startswith("https://www.openstreetmap.org/directions") for href in links)
    share = next(href for href in links if "station=" in href)
    assert share == f"{server.base_url}/?station={station_id}"
    # The shared link opens the station.
    open_page(browser, share)
    wait_until(browser, f"window.__trackside && window.__trackside.openStop === {station_id!r}", timeout=45)
    assert_clean(browser, server)
