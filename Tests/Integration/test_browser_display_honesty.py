"""The station display never lies, in headless Chromium against real `trackside serve`s: an unknown station says so at
once; the demo, the simulation and a replay are marked; after losing the server the last times count down for 60 s,
marked with their age, then "Live times unavailable" until it is back; rows fill a portrait screen; the content
shifts against burn-in; `eink=1` repaints at most every 30 s and only on change; after the last train the board
says when the timetable's next one runs.

The page's clock is driven from the test: a script installed before the page's own (`PageClock`) moves `Date.now()`
forward and runs the page's interval timers at once, so a minute of display time takes no minute of test time."""
import csv
import datetime
import io
import pathlib
import re
import time
import zipfile
import zoneinfo

import pytest

import headless_chromium
from google.transit import gtfs_realtime_pb2
from conftest import TracksideServer
from headless_chromium import open_page, wait_until, text_of
from trackside_api import FULL_NETWORK_REPLAY, GTFS, get_json

STATUS = "window.__trackside"
# The demo's own timetable (the 1 and 2 lines), which `--source sim` is given explicitly.
BUNDLED_GTFS = pathlib.Path(__file__).resolve().parents[2] / "Data" / "gtfs" / "nyc_subway_gtfs.zip"

# Installed before the page's scripts: Date.now() runs `offset` ms ahead, and `advance(ms)` moves it on and runs every
# interval the page set (each once), so that the page redraws at the new time at once. Real timers keep running too.
CLOCK_SCRIPT = """
(() => {
  const realNow = Date.now.bind(Date);
  const realSetInterval = window.setInterval.bind(window);
  const intervals = [];
  let offset = 0;
  Date.now = () => realNow() + offset;
  window.setInterval = (callback, ms, ...args) => {
    intervals.push(() => callback(...args));
    return realSetInterval(callback, ms, ...args);
  };
  window.__pageClock = { advance(ms) { offset += ms; for (const run of intervals) run(); }, get offset() { return offset; } };
})();
"""


class PageClock:
    """The clock script installed for every page this module opens; removed afterwards (the browser is shared)."""

    def __init__(self, browser):
        self.browser = browser
        self.identifier = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CLOCK_SCRIPT})["identifier"]

    def advance(self, seconds):
        self.browser.execute_script("window.__pageClock.advance(arguments[0])", seconds * 1000)

    def remove(self):
        self.browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": self.identifier})


@pytest.fixture(scope="module")
def clock(browser):
    page_clock = PageClock(browser)
    yield page_clock
    page_clock.remove()


@pytest.fixture(scope="module")
def servers(trackside_bin, tmp_path_factory):
    """Module-wide servers (each started once): `start(name, *args)` returns the named one, started on first use."""
    started = {}
    folder = tmp_path_factory.mktemp("display-honesty")

    def start(name, *args, ready=False):
        if name not in started:
            started[name] = TracksideServer(trackside_bin, [str(a) for a in args], folder)
            if ready:
                started[name].wait_ready(timeout=60)
        return started[name]

    yield start
    for server in started.values():
        assert server.stop() == 0, server.log()


@pytest.fixture(scope="module")
def full_network(servers, shared_data):
    """The whole network's seven feeds of 2024-01-20 (19:04–19:08), all in at once and held: the replay starts past
    its last file, so every feed is in (a looped fast replay has moments with one feed only) and Times Sq has dozens
    of trains for minutes."""
    return servers("full", "--source", f"replay:{shared_data / FULL_NETWORK_REPLAY}", "--gtfs", shared_data / GTFS,
                   "--replay-skip", "250", "--stale-after", "3600", ready=True)


@pytest.fixture(scope="module")
def demo(servers):
    """The default command: the demo, simulated 1 and 2 trains."""
    return servers("demo", ready=True)


def status(browser, name):
    return browser.execute_script(f"return {STATUS}.{name}")


def open_display(browser, server, query, ready=True):
    open_page(browser, f"{server.base_url}/display?{query}")
    if ready:
        wait_until(browser, f"{STATUS} && {STATUS}.ready === true && {STATUS}.rows.length > 0", timeout=30)


def station_with_rows(server, candidates=("127", "120", "123", "132", "137", "142")):
    """A station of the server whose board has at least three arrivals now."""
    for _ in range(60):
        for station in candidates:
            groups = get_json(server, f"/api/stations/{station}/arrivals")["groups"]
            if sum(len(g["arrivals"]) for g in groups) >= 3:
                return station, groups
        time.sleep(0.5)
    raise AssertionError(f"no station of {candidates} has three arrivals")


def severe_logs(browser):
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


@pytest.mark.parametrize("place", ["station", "bus_stop"])
def test_an_unknown_station_says_so_at_once_in_the_servers_words(browser, demo, place):
    started = time.monotonic()
    open_display(browser, demo, f"{place}=XYZ", ready=False)
    wait_until(browser, f"{STATUS} && {STATUS}.unknown !== null", timeout=10)
    assert time.monotonic() - started < 5, "said at once, not after a timeout"
    assert text_of(browser, "#station-name") == "Unknown station XYZ"
    # The server's 404 body is what the screen quotes.
    expected = "no station XYZ" if place == "station" else "no bus stop XYZ"
    assert status(browser, "unknown") == expected
    assert text_of(browser, "#empty") == expected[0].upper() + expected[1:] + "."
    time.sleep(2)
    body = browser.execute_script("return document.body.innerText")
    assert "Loading" not in body and "Unknown station XYZ" in body, body
    assert status(browser, "rows") == [] and status(browser, "mark") is None
    assert browser.execute_script("return window.__errors") == []
    # The only error the console shows is the 404 itself.
    assert all("404" in message for message in severe_logs(browser))


def test_the_demo_a_simulation_and_a_replay_are_marked(browser, demo, servers, full_network):
    station, _ = station_with_rows(demo)
    open_display(browser, demo, f"station={station}")
    assert status(browser, "source") == "demo" and status(browser, "mark") == "Demo"
    assert text_of(browser, "#source-mark") == "Demo"

    sim = servers("sim", "--source", "sim", "--gtfs", BUNDLED_GTFS, ready=True)
    station, _ = station_with_rows(sim)
    open_display(browser, sim, f"station={station}")
    assert status(browser, "mark") == "Simulated" and text_of(browser, "#source-mark") == "Simulated"

    open_display(browser, full_network, "station=127")
    assert status(browser, "mark") == "Replay" and text_of(browser, "#source-mark") == "Replay"
    # The footer names the recording's day (the full-network recording is of Saturday 20 January 2024, New York time).
    assert re.fullmatch(r"Updated 7:\d\d PM · recorded Sat, Jan 20, 2024", text_of(browser, "#updated")), text_of(browser, "#updated")
    # Never drawn over: the mark is inside the screen, beside the clock.
    box = browser.execute_script("const r = document.getElementById('source-mark').getBoundingClientRect();"
                                 "return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]")
    assert 0 <= box[0] < box[2] <= box[4] and 0 <= box[1] < box[3] <= box[5]
    assert browser.execute_script("return window.__errors") == []


def test_after_losing_the_server_times_count_down_for_60_s_then_are_withdrawn_until_it_returns(
        browser, clock, start_trackside):
    first = start_trackside(wait_ready=True)
    station, _ = station_with_rows(first)
    open_display(browser, first, f"station={station}")
    assert status(browser, "phase") == "live" and text_of(browser, "#connection") == ""
    before = status(browser, "rows")
    assert first.stop() == 0
    wait_until(browser, f"{STATUS}.phase === 'holding'", timeout=10)
    footer = text_of(browser, "#connection")
    assert re.fullmatch(r"(Reconnecting…|Offline) Last update 0:[0-2]\d ago", footer), footer
    kept = status(browser, "rows")
    assert [(r["route"], r["direction"]) for r in kept] == [(r["route"], r["direction"]) for r in before], "the last times stay"
    assert all(b["minutes"] - k["minutes"] in (0, 1) for b, k in zip(before, kept))
    assert browser.execute_script("return document.querySelector('.board').classList.contains('stale')")

    # 55 s after the last word from the server: still shown, each train counted down from its last known time (by a
    # minute at most), and the age said.
    clock.advance(55 - status(browser, "lastUpdateAge"))
    counted = status(browser, "rows")
    assert [(r["route"], r["direction"]) for r in counted] == [(r["route"], r["direction"]) for r in before]
    steps = [b["minutes"] - c["minutes"] for b, c in zip(before, counted)]
    assert all(step in (0, 1) for step in steps) and sum(steps) >= 1, (before, counted)
    assert all(c["minutes"] == 0 for b, c in zip(before, counted) if b["minutes"] == 0)
    assert status(browser, "phase") == "holding"
    assert re.search(r"Last update 0:[5]\d ago", text_of(browser, "#connection")), text_of(browser, "#connection")

    # Past 60 s: the times are withdrawn, and the screen says why.
    clock.advance(10)
    assert status(browser, "phase") == "unavailable"
    assert status(browser, "rows") == []
    assert text_of(browser, "#empty") == "Live times unavailable"
    assert re.search(r"Last update 1:0\d ago", text_of(browser, "#connection")), text_of(browser, "#connection")

    # The server back where it was: live times again, nothing marked.
    second = start_trackside(port=first.port, wait_ready=True)
    wait_until(browser, f"{STATUS}.phase === 'live' && {STATUS}.rows.length > 0", timeout=40)
    assert text_of(browser, "#connection") == ""
    assert not browser.execute_script("return document.querySelector('.board').classList.contains('stale')")
    assert browser.execute_script("return window.__errors") == []
    second.stop()


def row_geometry(browser):
    return browser.execute_script("""
        const list = document.getElementById('rows').getBoundingClientRect();
        const rows = [...document.querySelectorAll('#rows .row')].map(r => r.getBoundingClientRect());
        return {top: list.top, bottom: list.bottom, count: rows.length,
                last: rows.length ? rows[rows.length - 1].bottom : null,
                tallest: Math.max(...[...document.querySelectorAll('#rows .row:not(:first-child)')].map(r => r.getBoundingClientRect().height)),
                viewport: innerHeight};""")


def test_rows_fill_a_portrait_screen_unless_rows_says_otherwise(browser, full_network):
    replay = full_network
    arrivals = sum(len(g["arrivals"]) for g in get_json(replay, "/api/stations/127/arrivals")["groups"])
    assert arrivals >= 20, "Times Sq has more trains than a screen holds"
    headless_chromium.set_viewport(browser, 1080, 1920)
    try:
        open_display(browser, replay, "station=127")
        shown = row_geometry(browser)
        # More than the old six rows, and no room left for one more (a later train's row may wrap its headsign to two
        # lines as the tallest one here does): the rows use the height.
        assert shown["count"] > 6, shown
        assert shown["last"] <= shown["bottom"] + 0.5
        assert shown["bottom"] - shown["last"] < shown["tallest"], shown
        assert (shown["last"] - shown["top"]) / (shown["bottom"] - shown["top"]) > 0.85, shown
        assert shown["bottom"] - shown["top"] > 0.6 * shown["viewport"], shown

        open_display(browser, replay, "station=127&rows=4")
        assert row_geometry(browser)["count"] == 4 and len(status(browser, "rows")) == 4
    finally:
        headless_chromium.set_viewport(browser, 1024, 768)
    assert browser.execute_script("return window.__errors") == []


def test_the_content_shifts_a_few_pixels_every_few_minutes_and_nothing_stays_for_hours(browser, clock, demo):
    station, _ = station_with_rows(demo)
    open_display(browser, demo, f"station={station}")
    # Six hours of display time, read every minute.
    offsets = browser.execute_script("""
        const board = document.querySelector('.board');
        const read = () => { const m = new DOMMatrix(getComputedStyle(board).transform); return [m.e, m.f]; };
        const seen = [];
        for (let minute = 0; minute < 360; minute++) { window.__pageClock.advance(60000); seen.push(read()); }
        return seen;""")
    assert all(abs(x) <= 4 and abs(y) <= 4 for x, y in offsets), "a few pixels"
    assert len({tuple(o) for o in offsets}) >= 8, "a cycle of many places"
    runs, length = [], 1
    for previous, current in zip(offsets, offsets[1:]):
        length = length + 1 if current == previous else 1
        runs.append(length)
    assert max(runs) <= 3, "no place is held more than three minutes"
    # Every place comes back within the hour: the same short cycle, not a drift off the screen.
    assert {tuple(o) for o in offsets[:60]} == {tuple(o) for o in offsets[-60:]}
    # What shifts is the whole board: the header, rows and footer move with it and stay on screen.
    inside = browser.execute_script("""
        return [...document.querySelectorAll('.board-header, .row, .board-footer')].every(e => {
            const r = e.getBoundingClientRect(); return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; });""")
    assert inside


def test_eink_repaints_at_most_every_30_s_and_only_on_change(browser, clock, start_trackside):
    """On e-paper, over ten minutes of display time after losing the server: the times count down, then are withdrawn,
    the clock and the age (in whole minutes) change — and the screen is repainted only for those changes, never twice
    within 30 s. (The server is stopped so that nothing sets the page's clock back to the server's.)"""
    server = start_trackside(wait_ready=True)
    station, _ = station_with_rows(server)
    open_display(browser, server, f"station={station}&eink=1")
    assert browser.execute_script("return document.documentElement.dataset.theme") == "light"
    assert server.stop() == 0
    wait_until(browser, f"{STATUS}.phase === 'holding'", timeout=10)
    # Ten minutes in 5 s steps; each repaint is one batch of DOM changes, seen by a MutationObserver with the page's
    # time and what the screen then reads.
    paints = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const paints = [];
        const observer = new MutationObserver(() => paints.push([Date.now(), document.querySelector('.board').innerText]));
        observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
        (async () => {
          for (let step = 0; step < 120; step++) {
            window.__pageClock.advance(5000);
            await new Promise(resolve => setTimeout(resolve, 5));
          }
          await new Promise(resolve => setTimeout(resolve, 50));
          observer.disconnect();
          done(paints);
        })();""")
    times = [when for when, _ in paints]
    gaps = [(b - a) / 1000 for a, b in zip(times, times[1:])]
    assert all(gap >= 30 for gap in gaps), gaps
    texts = [text for _, text in paints]
    assert all(a != b for a, b in zip(texts, texts[1:])), "a repaint only when something changed"
    # The clock's minute and the age each change ten times in ten minutes (not at the same second): at most one
    # repaint per 30 s for those (never one per 5 s step), and at least one for each minute.
    assert 8 <= len(paints) <= 21, [(when, text[-90:]) for when, text in paints]
    assert any("Live times unavailable" in text for text in texts)
    assert re.search(r"Last update 1\d min ago", texts[-1]) or re.search(r"Last update \d+ min ago", texts[-1]), texts[-1]
    # Without the shift: e-paper has no burn-in, and a shift would be a repaint.
    assert browser.execute_script("return getComputedStyle(document.querySelector('.board')).transform") in ("none", "matrix(1, 0, 0, 1, 0, 0)")


# Wednesday 18 December 2024, 02:30 in New York: inside the bundled timetable's calendar (a Weekday service day).
NIGHT = 1734507000
NIGHT_DAY = "20241218"


def timetable_without_night_1_trains(folder):
    """The bundled 1 and 2 timetable with the 1's night trips left out (those starting before 05:30, or after
    midnight): at 02:30 no 1 train runs, while the 2 keeps the simulated feed going. Returns the folder and the
    1's departures kept, as (service_id, stop_id, seconds into the service day), last stops left out."""
    with zipfile.ZipFile(BUNDLED_GTFS) as archive:
        archive.extractall(folder)

    def seconds(text):
        h, m, s = map(int, text.split(":"))
        return h * 3600 + m * 60 + s

    with open(folder / "trips.txt", newline="") as handle:
        trips = list(csv.DictReader(handle))
    with open(folder / "stop_times.txt", newline="") as handle:
        reader = csv.DictReader(handle)
        fields, times = reader.fieldnames, list(reader)
    calls = {}
    for row in times:
        calls.setdefault(row["trip_id"], []).append(row)
    route = {trip["trip_id"]: trip["route_id"] for trip in trips}
    night = {trip for trip, rows in calls.items() if route.get(trip) == "1"
             and not 5.5 * 3600 <= min(seconds(r["departure_time"]) for r in rows) < 24 * 3600}
    assert len(night) > 20, "the 1 runs all night in the bundled timetable"
    with open(folder / "trips.txt", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(trips[0]))
        writer.writeheader()
        writer.writerows(t for t in trips if t["trip_id"] not in night)
    with open(folder / "stop_times.txt", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(r for r in times if r["trip_id"] not in night)
    service = {trip["trip_id"]: trip["service_id"] for trip in trips}
    kept = []
    for trip, rows in calls.items():
        if route.get(trip) != "1" or trip in night:
            continue
        rows = sorted(rows, key=lambda r: int(r["stop_sequence"]))
        kept += [(service[trip], r["stop_id"], seconds(r["departure_time"])) for r in rows[:-1]]
    return folder, kept


# The start of NIGHT's service day (noon minus 12 h, as GTFS counts a service day's times).
NIGHT_SERVICE_DAY_START = datetime.datetime(2024, 12, 18, 12, tzinfo=zoneinfo.ZoneInfo("America/New_York")).timestamp() - 12 * 3600


def first_weekday_departures(departures, station, after):
    """The first Weekday departure of the kept 1 trains from `station`'s platforms after `after`, by direction: the
    independent answer to a board's `next_service` for the 1 on NIGHT's service day."""
    expected = {}
    for service_id, stop, seconds in departures:
        when = NIGHT_SERVICE_DAY_START + seconds
        if service_id == "Weekday" and stop in (station + "N", station + "S") and when > after:
            expected[stop[-1]] = min(expected.get(stop[-1], when), when)
    return expected


def test_after_the_last_train_the_board_says_when_service_resumes(browser, start_trackside, tmp_path):
    folder, departures = timetable_without_night_1_trains(tmp_path / "gtfs")
    server = start_trackside("--source", "sim", "--gtfs", folder, "--sim-start", NIGHT, wait_ready=True)
    board = get_json(server, "/api/stations/103/arrivals")  # 238 St: the 1 only
    assert board["groups"] == [] and "stale" not in board
    # The independent answer: the first Weekday departure of the 1 at 238 St after the board's time, per direction.
    zone = zoneinfo.ZoneInfo("America/New_York")
    day_start = NIGHT_SERVICE_DAY_START
    expected = first_weekday_departures(departures, "103", board["ts"])
    assert board["next_service"] == [{"route": "1", "direction": d, "time": int(expected[d])} for d in sorted(expected)]
    soonest = min(expected.values())
    assert 5.5 * 3600 <= soonest - day_start < 7 * 3600

    open_display(browser, server, "station=103", ready=False)
    wait_until(browser, f"{STATUS} && {STATUS}.ready && document.getElementById('empty').textContent.startsWith('No trains until')", timeout=30)
    text = datetime.datetime.fromtimestamp(soonest, zone).strftime("%-I:%M %p")
    assert text_of(browser, "#empty") == f"No trains until {text}"
    assert status(browser, "mark") == "Simulated" and status(browser, "rows") == []
    # One direction only: that direction's first train.
    southbound = datetime.datetime.fromtimestamp(expected["S"], zone).strftime("%-I:%M %p")
    open_display(browser, server, "station=103&direction=S", ready=False)
    wait_until(browser, f"{STATUS} && {STATUS}.ready && document.getElementById('empty').textContent.startsWith('No trains until')", timeout=30)
    assert text_of(browser, "#empty") == f"No trains until {southbound}"
    assert browser.execute_script("return window.__errors") == []


def night_recording(folder):
    """A recorded subway feed at NIGHT, as `trackside record` names it (New York time): one southbound 2 train of the
    bundled timetable due at 96 St (120S) in 4 minutes and at 72 St (123S) in 10; no 1 train anywhere."""
    with zipfile.ZipFile(BUNDLED_GTFS) as archive:
        trips = list(csv.DictReader(io.TextIOWrapper(archive.open("trips.txt"), encoding="utf-8")))
    trip = next(t["trip_id"] for t in trips if t["route_id"] == "2" and t["service_id"] == "Weekday" and "2..S" in t["trip_id"])
    message = gtfs_realtime_pb2.FeedMessage()
    message.header.gtfs_realtime_version = "1.0"
    message.header.timestamp = NIGHT
    update = message.entity.add(id="2S").trip_update
    update.trip.trip_id = trip.split("-00_", 1)[-1]  # the realtime id: the static one's origin time and path
    update.trip.route_id = "2"
    update.trip.start_date = NIGHT_DAY
    for stop, seconds in (("120S", 240), ("123S", 600)):
        call = update.stop_time_update.add(stop_id=stop)
        call.arrival.time = NIGHT + seconds
        call.departure.time = NIGHT + seconds + 30
    folder.mkdir()
    stamp = datetime.datetime.fromtimestamp(NIGHT, zoneinfo.ZoneInfo("America/New_York")).strftime("%Y%m%dT%H%M%S")
    (folder / f"123456S_{stamp}.pb").write_bytes(message.SerializeToString())
    return folder


def test_a_replay_at_night_says_when_service_resumes_from_the_timetable(browser, start_trackside, tmp_path):
    folder, departures = timetable_without_night_1_trains(tmp_path / "gtfs")
    server = start_trackside("--source", f"replay:{night_recording(tmp_path / 'recording')}", "--gtfs", folder,
                             wait_ready=True)
    # 238 St (the 1 only): no rows, and the 1's first morning trains by the timetable, at the recording's time.
    board = get_json(server, "/api/stations/103/arrivals")
    assert board["groups"] == [] and NIGHT <= board["ts"] < NIGHT + 60
    expected = first_weekday_departures(departures, "103", board["ts"])
    assert board["next_service"] == [{"route": "1", "direction": d, "time": int(expected[d])} for d in sorted(expected)]
    # 96 St: a row for the recorded 2 train, and the 1 (both ways) and the northbound 2 from the timetable beside it.
    board = get_json(server, "/api/stations/120/arrivals")
    assert [(g["route"], g["direction"]) for g in board["groups"]] == [("2", "S")]
    ones = first_weekday_departures(departures, "120", board["ts"])
    resumes = {(n["route"], n["direction"]): n["time"] for n in board["next_service"]}
    assert {k: v for k, v in resumes.items() if k[0] == "1"} == {("1", d): int(t) for d, t in ones.items()}
    assert ("2", "S") not in resumes and ("2", "N") in resumes and resumes[("2", "N")] > board["ts"]

    open_display(browser, server, "station=103", ready=False)
    wait_until(browser, f"{STATUS} && {STATUS}.ready && document.getElementById('empty').textContent.startsWith('No trains until')", timeout=30)
    soonest = datetime.datetime.fromtimestamp(min(expected.values()), zoneinfo.ZoneInfo("America/New_York"))
    assert text_of(browser, "#empty") == f"No trains until {soonest.strftime('%-I:%M %p')}"
    assert status(browser, "mark") == "Replay" and status(browser, "rows") == []
    assert browser.execute_script("return window.__errors") == []
