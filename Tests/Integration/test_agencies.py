"""Agencies other than New York City Transit, on their real data from PyPI packages (Tests/setup.sh
fetches them into Tests/agencies/): Auckland Transport's GTFS with ten TripUpdates-only recordings
(gtfsr-kit 8.0.1), Sunbus Cairns' GTFS (gtfs-kit 13.0.1) and the University of Michigan's campus buses in Ann
Arbor (gtfs-segments 2.1.7). docs/AGENCIES.md lists what each covers.

The placement reference is computed here from the GTFS and the recordings alone, by the GTFS-realtime
reference's rules (a delay given at a stop holds for the later stops until the next one given), with
no code of Trackside's."""
import csv
import datetime
import io
import json
import math
import os
import pathlib
import subprocess
import time
import urllib.request
import urllib.error
import zipfile
from collections import Counter
from zoneinfo import ZoneInfo

import pytest
from google.transit import gtfs_realtime_pb2

from trackside_api import LocalPublisher, fetch, get_json

AGENCIES = pathlib.Path(__file__).resolve().parents[1] / "agencies"


@pytest.fixture(scope="module")
def agencies() -> pathlib.Path:
    """Tests/agencies, which Tests/setup.sh fills; in CI its absence is a failure."""
    if not (AGENCIES / ".complete").exists():
        if os.environ.get("CI"):
            pytest.fail(f"{AGENCIES} is missing in CI: run bash Tests/setup.sh")
        pytest.skip(f"{AGENCIES} is absent: run bash Tests/setup.sh")
    return AGENCIES


def table(zip_path, name):
    with zipfile.ZipFile(zip_path) as archive:
        return list(csv.DictReader(io.TextIOWrapper(archive.open(name), "utf-8-sig")))


def trip_calls(zip_path):
    """Every trip's stop_times rows, in stop_sequence order, by trip id."""
    calls = {}
    for row in table(zip_path, "stop_times.txt"):
        calls.setdefault(row["trip_id"], []).append(row)
    for rows in calls.values():
        rows.sort(key=lambda row: int(row["stop_sequence"]))
    return calls


def seconds(text):
    hours, minutes, secs = (int(part) for part in text.split(":"))
    return hours * 3600 + minutes * 60 + secs


def expected_stops(calls, updates, at, zone):
    """(stop left, stop ahead, when it left) of a trip at `at` by schedule plus delay, or None when it is not
    between two stops then. `calls` are the trip's stop_times in order, `updates` its StopTimeUpdates."""
    day = datetime.datetime.fromtimestamp(at, zone).date()

    def day_start(offset):
        date = day + datetime.timedelta(days=offset)
        return datetime.datetime(date.year, date.month, date.day, 12, tzinfo=zone).timestamp() - 12 * 3600

    def distance(start):
        first, last = start + seconds(calls[0]["departure_time"]), start + seconds(calls[-1]["arrival_time"])
        return max(0, first - at, at - last)

    start = min((day_start(offset) for offset in (-1, 0, 1)), key=distance)
    given = {update.stop_sequence: update for update in updates}
    delay, times = None, []
    for call in calls:
        arrival, departure = start + seconds(call["arrival_time"]), start + seconds(call["departure_time"])
        update = given.get(int(call["stop_sequence"]))
        if update is None:
            if delay is not None:
                times.append((call["stop_id"], arrival + delay, departure + delay))
            continue
        arrive = leave = None
        if update.HasField("arrival"):
            arrive = update.arrival.time or arrival + update.arrival.delay
            delay = arrive - arrival
        elif delay is not None:
            arrive = arrival + delay
        if update.HasField("departure"):
            leave = update.departure.time or departure + update.departure.delay
            delay = leave - departure
        elif delay is not None:
            leave = departure + delay
        times.append((call["stop_id"], arrive if arrive is not None else leave, leave if leave is not None else arrive))
    for (left, _, leave), (ahead, arrive, _) in zip(times, times[1:]):
        if leave <= at < arrive:
            return left, ahead, leave
    return None


def place(trackside_bin, *args):
    result = subprocess.run([str(trackside_bin), "place", *map(str, args)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_trip_updates_only_buses_run_between_the_right_stops_by_schedule_plus_delay(trackside_bin, agencies):
    """Auckland's recordings carry one stop time event per trip (the stop just left, with its delay) and no
    vehicle positions. Each file at its own time: every trip the GTFS has is a bus (route_type 3) on its static
    route, and ≥ 95 % of those between two stops by schedule plus delay are placed between those two; those
    that left more than the dwell (37 s, which Trackside keeps a vehicle at a stop whose timetable gives it
    none) before move along their shape to the next stop: they stood still before, 0 of them moving."""
    gtfs = agencies / "auckland_gtfs.zip"
    zone = ZoneInfo(table(gtfs, "agency.txt")[0]["agency_timezone"])
    static_trips = {trip["trip_id"]: trip for trip in table(gtfs, "trips.txt")}
    calls = trip_calls(gtfs)

    checked = right = gone = moving = 0
    for path in sorted((agencies / "auckland-rt").glob("*.pb")):
        message = gtfs_realtime_pb2.FeedMessage()
        message.ParseFromString(path.read_bytes())
        at = message.header.timestamp
        states = {state["trip"]: state for state in place(trackside_bin, "--gtfs", gtfs, path)}
        per_vehicle = Counter(entity.trip_update.vehicle.id for entity in message.entity if entity.trip_update.vehicle.id)
        for entity in message.entity:
            update = entity.trip_update
            trip_id = update.trip.trip_id
            if trip_id not in static_trips:
                continue
            state = states.get(trip_id)
            assert state is not None, f"{path.name}: trip {trip_id} of the GTFS is not placed"
            # Named by the bus (its VehicleDescriptor id) where the feed gives it to this trip alone.
            assert state["id"] == (update.vehicle.id if per_vehicle[update.vehicle.id] == 1 else trip_id), state
            assert state["kind"] == "bus" and state["route"] == static_trips[trip_id]["route_id"], state
            assert state["src"] == "inferred" and -37.2 < state["lat"] < -36.6 and 174.5 < state["lon"] < 175.0, state
            assert state["age"] == at - update.timestamp, (state, update.timestamp)
            expected = expected_stops(calls[trip_id], update.stop_time_update, at, zone)
            if expected is None:
                continue
            checked += 1
            right += (state.get("stop"), state.get("next")) == expected[:2]
            if at - expected[2] > 40:
                gone += 1
                moving += state["status"] == "moving" and "seg" in state and state["seg"]["t1"] > at
    assert checked >= 100, checked
    assert right >= 0.95 * checked, f"{right} of {checked} between the right stops"
    assert gone >= 40 and moving >= 0.95 * gone, f"{moving} of {gone} moving"


def test_the_profile_follows_the_data(trackside_bin, agencies, shared_data):
    """Auckland's stop ids end in digits and its trips name direction_id: NYC's rules would append N/S to
    them and place nothing. Chosen from the GTFS, the standard profile places every trip the GTFS has;
    --profile nyct forced on it shows what the NYC rules do; NYC's own GTFS still gets them."""
    gtfs = agencies / "auckland_gtfs.zip"
    feed = sorted((agencies / "auckland-rt").glob("*.pb"))[0]
    assert len(place(trackside_bin, "--gtfs", gtfs, feed)) == 16
    assert len(place(trackside_bin, "--gtfs", gtfs, "--profile", "standard", feed)) == 16
    forced = place(trackside_bin, "--gtfs", gtfs, "--profile", "nyct", feed)
    assert all(state.get("next", "").endswith(("N", "S")) or "next" not in state for state in forced)

    subway = shared_data / "nyc-subway-gtfs/2018-11_full-except-stop_times"
    ace = sorted((shared_data / "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds").glob("*ace*.pb"))[0]
    assert place(trackside_bin, "--gtfs", subway, ace) == place(trackside_bin, "--gtfs", subway, "--profile", "nyct", ace)


def test_replay_of_a_folder_without_feed_prefixes_is_one_feed_and_turns_ready(start_trackside, agencies):
    """Auckland's recordings are named by time alone (20160519080020.pb): one feed named after the folder,
    played in header order; /readyz turns ready, the buses are served as buses on their routes, and the
    feed's poor match with the static GTFS is reported."""
    server = start_trackside("--source", f"replay:{agencies / 'auckland-rt'}", "--gtfs", agencies / "auckland_gtfs.zip",
                             "--replay-speed", "10", wait_ready=True)
    feeds = get_json(server, "/api/feeds")["feeds"]
    assert [feed["id"] for feed in feeds] == ["auckland-rt"], feeds
    # gtfsr-kit's GTFS is a three-route extract: most of the recorded trips are of routes it lacks, and the server
    # says so (a warning in the log, /api/feeds, /metrics) instead of serving the near-empty map as healthy.
    feed = feeds[0]
    assert feed["trips"] >= 600 and 14 <= feed["matched_trips"] <= 20 and "of" in feed["warning"], feed
    assert f"only {feed['matched_trips']} of" in server.log() or "trips match the static GTFS" in server.log()
    metrics = urllib.request.urlopen(server.base_url + "/metrics", timeout=10).read().decode()
    assert 'trackside_feed_matched_trips{feed="auckland-rt"}' in metrics
    # /readyz: ready (the feed is fresh and what matches is served) but degraded, with the same reason; strict: 503.
    ready = urllib.request.urlopen(server.base_url + "/readyz", timeout=10)
    body = json.loads(ready.read())
    assert ready.status == 200 and body["ready"] and body["degraded"] == ["auckland-rt"], body
    assert body["feeds"][0]["warning"] == feed["warning"] and body["feeds"][0]["reason"] is None, body
    with pytest.raises(urllib.error.HTTPError) as strict:
        urllib.request.urlopen(server.base_url + "/readyz?strict=1", timeout=10)
    assert strict.value.code == 503
    strict_body = json.loads(strict.value.read())
    assert not strict_body["ready"] and strict_body["degraded"] == ["auckland-rt"] and strict_body["stale"] == []
    # Any feed of a GTFS-realtime agency may carry its buses: the page keeps its buses layer on.
    assert "buses" not in get_json(server, "/api/config")["unavailable_layers"]
    vehicles = get_json(server, "/api/vehicles?bbox=174.5,-37.2,175.0,-36.6&layers=bus")
    states = vehicles["vehicles"] if isinstance(vehicles, dict) else vehicles
    assert len(states) >= 14 and all(state["kind"] == "bus" for state in states), states
    none = get_json(server, "/api/vehicles?bbox=174.5,-37.2,175.0,-36.6&layers=subway")
    assert (none["vehicles"] if isinstance(none, dict) else none) == []


def test_an_agencys_live_feeds_are_polled(start_trackside, agencies, shared_data):
    """`--source gtfs-rt:URL,alerts=URL` polls any agency's live feeds: a local publisher serves one of Auckland's
    TripUpdates recordings as its vehicle feed and a real service-alerts feed, each header stamped now as a live
    publisher's would be. Both are fetched again and again, named rt1 and alerts1, read against Auckland's network (the
    same poor match the replay reports, so ready but degraded) and served as a live source. The agency's key header
    (`--feed-header`, given in the environment as a deployment would) goes with every fetch of both, and is shown
    nowhere."""
    now = int(time.time())
    vehicles = gtfs_realtime_pb2.FeedMessage()
    vehicles.ParseFromString((agencies / "auckland-rt" / "20160519080020.pb").read_bytes())
    vehicles.header.timestamp = now
    alerts = gtfs_realtime_pb2.FeedMessage()
    alerts.ParseFromString((shared_data / "alerts/mta_subway_alerts_20240120T185938.pb").read_bytes())
    alerts.header.timestamp = now
    with LocalPublisher(vehicles.SerializeToString(), lambda path: path == "/rt/trip-updates.pb") as trips, \
            LocalPublisher(alerts.SerializeToString(), lambda path: path == "/rt/alerts.pb") as notices:
        source = f"gtfs-rt:{trips.base}/rt/trip-updates.pb,alerts={notices.base}/rt/alerts.pb"
        key = "x-api-key: k-7f3a9c"
        server = start_trackside("--source", source, "--gtfs", agencies / "auckland_gtfs.zip",
                                 "--subway-interval", "1", "--alerts-interval", "1", wait_ready=True,
                                 env={**os.environ, "TRACKSIDE_FEED_HEADER": key})
        assert get_json(server, "/api/config")["source"] == "gtfs-rt"
        feeds = {feed["id"]: feed for feed in get_json(server, "/api/feeds")["feeds"]}
        assert set(feeds) == {"rt1", "alerts1"}, feeds
        assert feeds["rt1"]["trips"] >= 600 and 14 <= feeds["rt1"]["matched_trips"] <= 20, feeds["rt1"]
        ready = get_json(server, "/readyz")
        assert ready["ready"] and ready["degraded"] == ["rt1"] and ready["stale"] == [], ready
        assert get_json(server, "/api/alerts")["alerts"], "the alerts feed is served"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (len(trips.requests) < 3 or len(notices.requests) < 3):
            time.sleep(0.2)
        assert len(trips.requests) >= 3 and len(notices.requests) >= 3, (trips.requests, notices.requests)
        sent = [headers.get_all("x-api-key") for headers in trips.headers + notices.headers]
        assert sent and all(values == ["k-7f3a9c"] for values in sent), sent
        shown = [fetch(server, path)[2] for path in ("/api/config", "/api/feeds", "/readyz", "/status", "/metrics")]
        assert not any(b"k-7f3a9c" in body for body in shown) and "k-7f3a9c" not in server.log()


def rewrite_gtfs(source, target, change):
    """A copy of the GTFS zip `source` at `target`, each table's rows (dicts) passed through `change(name, rows)`,
    which edits them in place; a table it answers False for is left out."""
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for name in archive.namelist():
            rows = list(csv.DictReader(io.TextIOWrapper(archive.open(name), "utf-8-sig")))
            if change(name, rows) is False:
                continue
            if not rows:
                out.writestr(name, archive.read(name))
                continue
            text = io.StringIO()
            writer = csv.DictWriter(text, fieldnames=list(rows[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
            out.writestr(name, text.getvalue())


def shifted_gtfs(source, target, days, seconds_later):
    """`source` moved in time as a whole: every date (calendar ranges and exceptions) `days` later, with the weekday
    columns turned along so the same shifted dates run, and every stop time `seconds_later` later (past 24:00 where
    it goes there, as GTFS allows)."""
    weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    def date(text):
        return (datetime.datetime.strptime(text, "%Y%m%d") + datetime.timedelta(days=days)).strftime("%Y%m%d")

    def clock(text):
        total = seconds(text) + seconds_later
        return f"{total // 3600:02d}:{total % 3600 // 60:02d}:{total % 60:02d}"

    def change(name, rows):
        for row in rows:
            if name == "calendar.txt":
                row["start_date"], row["end_date"] = date(row["start_date"]), date(row["end_date"])
                flags = [row[day] for day in weekdays]
                for index, day in enumerate(weekdays):
                    row[day] = flags[(index - days) % 7]
            elif name == "calendar_dates.txt":
                row["date"] = date(row["date"])
            elif name == "stop_times.txt":
                for field in ("arrival_time", "departure_time"):
                    if row[field]:
                        row[field] = clock(row[field])

    rewrite_gtfs(source, target, change)


def test_an_agencys_live_trip_updates_place_its_buses_now(start_trackside, agencies, tmp_path):
    """Live, on today's clock: Auckland's recording of 08:00:20 and its GTFS moved as a whole to this moment in
    Auckland (its local times and dates shifted alike, the calendar's weekdays turned with the dates), published by a
    local server and polled with --source gtfs-rt:. At the tick's own time every trip the GTFS has is served as a bus,
    and ≥ 95 % of those between two stops by schedule plus delay (computed here) are between those two."""
    source = agencies / "auckland_gtfs.zip"
    zone = ZoneInfo(table(source, "agency.txt")[0]["agency_timezone"])
    message = gtfs_realtime_pb2.FeedMessage()
    message.ParseFromString((agencies / "auckland-rt" / "20160519080020.pb").read_bytes())

    def local(instant):
        return datetime.datetime.fromtimestamp(instant, zone).replace(tzinfo=None)

    lead = local(time.time()) - local(message.header.timestamp)
    lead = datetime.timedelta(days=lead.days, seconds=lead.seconds)  # whole seconds

    def moved(instant):
        return int((local(instant) + lead).replace(tzinfo=zone).timestamp())

    gtfs = tmp_path / "auckland_now.zip"
    shifted_gtfs(source, gtfs, lead.days, lead.seconds)
    message.header.timestamp = moved(message.header.timestamp)
    for entity in message.entity:
        update = entity.trip_update
        update.timestamp = moved(update.timestamp)
        for event in update.stop_time_update:
            for name in ("arrival", "departure"):
                if event.HasField(name) and getattr(event, name).time:
                    getattr(event, name).time = moved(getattr(event, name).time)
    static_trips = {trip["trip_id"]: trip for trip in table(gtfs, "trips.txt")}
    calls = trip_calls(gtfs)
    with LocalPublisher(message.SerializeToString(), lambda path: path == "/rt/trip-updates.pb") as publisher:
        server = start_trackside("--source", f"gtfs-rt:{publisher.base}/rt/trip-updates.pb", "--gtfs", gtfs,
                                 "--subway-interval", "5", wait_ready=True)
        answer = get_json(server, "/api/vehicles?bbox=174.5,-37.2,175.0,-36.6")
    states = {state["trip"]: state for state in answer["vehicles"]}
    at = answer["ts"] / 1000  # the tick's time, in milliseconds
    assert abs(at - time.time()) < 60 and get_json(server, "/api/config")["source"] == "gtfs-rt"
    checked = right = 0
    for entity in message.entity:
        trip_id = entity.trip_update.trip.trip_id
        if trip_id not in static_trips:
            continue
        state = states.get(trip_id)
        assert state is not None and state["kind"] == "bus" and state["route"] == static_trips[trip_id]["route_id"], \
            (trip_id, state)
        expected = expected_stops(calls[trip_id], entity.trip_update.stop_time_update, at, zone)
        if expected is None:
            continue
        checked += 1
        right += (state.get("stop"), state.get("next")) == expected[:2]
    print(f"live: {right} of {checked} trips between the right stops at {at:.0f}")
    assert checked >= 10 and right >= 0.95 * checked, f"{right} of {checked} between the right stops"


def test_a_feed_header_without_an_agencys_feeds_stops_the_start(trackside_bin):
    """`--feed-header` is sent only with `--source gtfs-rt:` feeds: given with another source it would silently go
    nowhere, so the start stops and says so (without the key)."""
    result = subprocess.run([trackside_bin, "serve", "--port", "0", "--feed-header", "x-api-key: k-7f3a9c"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "--feed-header is sent only with --source gtfs-rt: feeds" in result.stderr, result.stderr
    assert "k-7f3a9c" not in result.stderr + result.stdout


def point_to_line_metres(point, line):
    """Distance in metres from (lon, lat) to a polyline of [lon, lat] points (local equirectangular frame)."""
    lon0, lat0 = point
    scale = math.cos(math.radians(lat0))
    def xy(p):
        return ((p[0] - lon0) * 111_320 * scale, (p[1] - lat0) * 110_574)
    best = math.inf
    for a, b in zip(line, line[1:]):
        (ax, ay), (bx, by) = xy(a), xy(b)
        dx, dy = bx - ax, by - ay
        t = 0 if dx == dy == 0 else max(0, min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(ax + t * dx, ay + t * dy))
    return best


# 2024-06-04 (a Tuesday) 18:00 in Cairns (UTC+10), 04:00 in New York: the buses' daytime, whatever the hour the
# test runs at, and an hour at which "tomorrow" in Cairns is still "later today" in New York.
CAIRNS_EVENING = 1717488000


def test_a_simulated_bus_network_moves_along_its_shapes_with_its_own_defaults(start_trackside, agencies):
    """Cairns' GTFS (Sunbus, 2014) under --source sim: the page's defaults come from the network (title after
    agency_name, the agency's zone, its stops' middle as the opening view, no NYC land), the vehicles are buses
    labelled by route_short_name in /api/routes, they run along their routes' shapes and advance, the source
    says sim, and the demo alerts speak of buses, with `when` counted in the agency's days."""
    gtfs = agencies / "cairns_gtfs.zip"
    server = start_trackside("--source", "sim", "--gtfs", gtfs, "--sim-start", CAIRNS_EVENING, "--sim-interval", "2",
                             wait_ready=True)
    config = get_json(server, "/api/config")
    agency = table(gtfs, "agency.txt")[0]
    assert config["source"] == "sim" and config["profile"] == "standard" and config["modes"] == ["bus"]
    assert config["agency"] == agency["agency_name"] and config["title"] == f"Trackside — live {agency['agency_name']}"
    assert config["timezone"] == "Australia/Brisbane" and config["land"] is None
    view = config["initial_view"]
    stops = [(float(s["stop_lon"]), float(s["stop_lat"])) for s in table(gtfs, "stops.txt")]
    lons, lats = sorted(p[0] for p in stops), sorted(p[1] for p in stops)
    assert view["center"] == [round(lons[len(lons) // 2], 5), round(lats[len(lats) // 2], 5)]
    assert view["bounds"] == [[round(lons[0], 5), round(lats[0], 5)], [round(lons[-1], 5), round(lats[-1], 5)]]
    assert 145.6 < view["center"][0] < 145.9 and -17.1 < view["center"][1] < -16.8, view  # Cairns, not Times Square
    assert [f["id"] for f in get_json(server, "/api/feeds")["feeds"]] == ["sim-alerts", "sim-vehicles"]

    routes = get_json(server, "/api/routes")["features"]
    names = {route["route_id"]: route["route_short_name"] for route in table(gtfs, "routes.txt")}
    assert routes and all(f["properties"]["short_name"] == names[f["properties"]["route"]] for f in routes)
    assert all(f["properties"]["kind"] == "bus" for f in routes)
    lines = {}
    for feature in routes:
        lines.setdefault(feature["properties"]["route"], []).append(feature["geometry"]["coordinates"])

    bbox = ",".join(map(str, [lons[0], lats[0], lons[-1], lats[-1]]))
    first = {v["id"]: v for v in get_json(server, f"/api/vehicles?bbox={bbox}&layers=bus")["vehicles"]}
    assert len(first) >= 10, first
    for state in first.values():
        assert state["kind"] == "bus" and "track" not in state, state
        off = min(point_to_line_metres((state["lon"], state["lat"]), line) for line in lines[state["route"]])
        assert off < 25, (state, off)
    assert get_json(server, f"/api/vehicles?bbox={bbox}&layers=subway")["vehicles"] == []
    moved = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len(moved) < 3:
        time.sleep(1)
        later = {v["id"]: v for v in get_json(server, f"/api/vehicles?bbox={bbox}&layers=bus")["vehicles"]}
        moved = [i for i, v in first.items() if i in later and v["status"] == "moving"
                 and (later[i]["lat"], later[i]["lon"]) != (v["lat"], v["lon"])]
    assert len(moved) >= 3, "the simulated buses do not advance"

    alerts = get_json(server, "/api/alerts")["alerts"]
    suspension = next(a for a in alerts if a["type"] == "Part Suspended")
    # 01:00–05:00 of the next day in Cairns: tomorrow there (from New York it would be later today).
    assert suspension["when"] == "tomorrow", suspension
    assert all("train" not in a["header"] and "signal" not in a["header"] for a in alerts), alerts
    assert not any("elevator" in a["header"] for a in alerts)


def test_nyc_keeps_its_own_defaults(start_trackside):
    """The bundled NYC demo: NYC Transit's rules, Times Square, the boroughs as land, subway trains."""
    server = start_trackside(wait_ready=True)
    config = get_json(server, "/api/config")
    assert config["profile"] == "nyct" and config["land"] == "nyc-boroughs" and config["modes"] == ["subway"]
    assert config["initial_view"]["center"] == [-73.9855, 40.758] and config["timezone"] == "America/New_York"
    assert config["initial_view"]["bounds"] == [[-74.01378, 40.63284], [-73.85062, 40.90313]]
    assert config["unavailable_layers"]["buses"] == "The demo simulates only the 1 and 2 trains"
    ready = json.loads(urllib.request.urlopen(server.base_url + "/readyz?strict=1", timeout=10).read())
    assert ready["ready"] and ready["degraded"] == [], ready  # NYC's own feeds match its GTFS
    assert [f["id"] for f in get_json(server, "/api/feeds")["feeds"]] == ["demo-alerts", "demo-subway"]


def test_a_bus_stops_display_and_the_map_open_on_the_agency(start_trackside, agencies, browser):
    """Auckland's recordings replayed: a parentless bus stop's board on /display?bus_stop=ID shows the buses the
    trip updates (one stop event each, read against the timetable) predict there, under headsign headings rather
    than NYC's Uptown/Downtown, with the clock in Auckland's time, its bullets the routes' short names; the map's
    buses are labelled by the short names their vehicles carry; the map opens on Auckland, titled after its
    agencies' first, without NYC's land."""
    from headless_chromium import open_page, wait_until
    from selenium.webdriver.common.by import By

    server = start_trackside("--source", f"replay:{agencies / 'auckland-rt'}", "--gtfs", agencies / "auckland_gtfs.zip",
                             "--replay-loop", wait_ready=True)
    stop = "8052"  # Balmoral Rd near Potters Park: no parent station
    board = get_json(server, f"/api/bus-stops/{stop}")
    groups = board["arrivals"]["groups"]
    assert groups and all(group["arrivals"] for group in groups), board
    open_page(browser, f"{server.base_url}/display?bus_stop={stop}")
    wait_until(browser, "window.__trackside && window.__trackside.ready === true && window.__trackside.rows.length > 0")
    assert browser.find_element(By.ID, "station-name").text == board["name"]
    headings = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".section-heading")]
    assert headings and all(h.upper().startswith("TO ") and "TOWN" not in h.upper() for h in headings), headings  # CSS capitals
    assert browser.execute_script("return window.__trackside.timeZone") == "Pacific/Auckland"
    assert browser.execute_script("return window.__trackside.state") == "live"
    # Bullets read the groups' route_short_name (005), never the middle of the long route ids.
    short_names = {route["route_id"]: route["route_short_name"] for route in table(agencies / "auckland_gtfs.zip", "routes.txt")}
    assert all(group["route_short_name"] == short_names[group["route"]] for group in groups), groups
    bullets = browser.execute_script("return [...document.querySelectorAll('.row .bullet')].map(b => b.textContent)")
    assert bullets and set(bullets) <= {group["route_short_name"] for group in groups}, bullets
    # Screen readers hear buses at a bus stop ("005 bus"), not trains.
    spoken = browser.execute_script("return [...document.querySelectorAll('.bullet')].map(b => b.getAttribute('aria-label'))")
    assert spoken and all(label.endswith(" bus") for label in spoken), spoken
    # The stop's lines too, arrivals or not, from the stop's route_labels.
    assert board["route_labels"] == {r: {"route_short_name": short_names[r]} for r in board["routes"]}, board["route_labels"]
    lines = browser.execute_script("return [...document.querySelectorAll('#station-lines .bullet')].map(b => b.textContent)")
    assert sorted(lines) == sorted(short_names[r] for r in board["routes"]), lines

    open_page(browser, server.base_url + "/")
    wait_until(browser, "window.__trackside && window.__trackside.ready === true")
    center = browser.execute_script("const c = window.__trackside.map.getCenter(); return [c.lng, c.lat]")
    view = get_json(server, "/api/config")["initial_view"]["center"]
    assert abs(center[0] - view[0]) < 1e-4 and abs(center[1] - view[1]) < 1e-4 and center[1] < -36, center
    assert browser.title == "Trackside — live Urban Express"
    # No New York land under another city: no layer of the bundled base map (land-z…, areas-z…) at all.
    assert browser.execute_script(
        "return window.__trackside.map.getStyle().layers.every(l => !/^(land|areas)-z[0-9]+/.test(l.id))")
    # A bus on the map is labelled by the route_short_name its vehicle carries: its pill in the list of vehicles in view.
    vehicles = get_json(server, "/api/vehicles?region=all")["vehicles"]
    assert vehicles and all(v["route_short_name"] == short_names[v["route"]] for v in vehicles), vehicles[:3]
    bus = vehicles[0]
    browser.execute_script(f"window.__trackside.map.jumpTo({{center: [{bus['lon']}, {bus['lat']}], zoom: 16}})")
    wait_until(browser, "document.querySelectorAll('#vehicle-list .bus-tag').length > 0")
    tags = browser.execute_script("return [...document.querySelectorAll('#vehicle-list .bus-tag')].map(t => t.textContent)")
    assert set(tags) <= set(short_names.values()), tags


# 2022-02-08 (a Tuesday) 12:00 in Ann Arbor (America/Detroit): term time on the University of Michigan's campus buses.
ANN_ARBOR_NOON = 1644339600


def services_on(gtfs, day):
    """The service_ids running on `day` by calendar.txt's ranges and weekdays and calendar_dates.txt's exceptions."""
    stamp, weekday = day.strftime("%Y%m%d"), day.strftime("%A").lower()
    running = {row["service_id"] for row in table(gtfs, "calendar.txt")
               if row[weekday] == "1" and row["start_date"] <= stamp <= row["end_date"]}
    for row in table(gtfs, "calendar_dates.txt"):
        if row["date"] == stamp:
            (running.add if row["exception_type"] == "1" else running.discard)(row["service_id"])
    return running


# 2014-06-11 (a Wednesday) 03:00 in Cairns: Tuesday's last buses have run, Wednesday's first not yet.
CAIRNS_NIGHT = 1402419600


def test_a_bus_stop_at_night_says_when_its_buses_resume(start_trackside, agencies, browser):
    """Cairns simulated at 03:00 on a Wednesday: the stop most buses leave from has none, and its board and its
    display say when the first one leaves ("No buses until …"), which the test finds on its own from stop_times and
    the calendar. The simulator's empty feed at that hour is the timetable's truth, not a failure: the server is
    ready."""
    from headless_chromium import open_page, wait_until

    gtfs = agencies / "cairns_gtfs.zip"
    zone = ZoneInfo(table(gtfs, "agency.txt")[0]["agency_timezone"])
    # Departures: every call but a trip's last (its arrival at the terminal, which nobody boards).
    departures = [row for calls in trip_calls(gtfs).values() for row in calls[:-1]]
    stop = Counter(row["stop_id"] for row in departures).most_common(1)[0][0]
    server = start_trackside("--source", "sim", "--gtfs", gtfs, "--sim-start", CAIRNS_NIGHT, wait_ready=True)
    board = get_json(server, f"/api/bus-stops/{stop}/arrivals")
    assert board["groups"] == [] and CAIRNS_NIGHT <= board["ts"] < CAIRNS_NIGHT + 60, board
    # The independent answer: the first departure at the stop after the board's time, over tonight's service days
    # (a service day starts at noon minus 12 h, so times past 24:00 belong to the day before).
    service = {row["trip_id"]: row["service_id"] for row in table(gtfs, "trips.txt")}
    soonest = None
    for offset in (-1, 0, 1):
        date = datetime.datetime.fromtimestamp(board["ts"], zone).date() + datetime.timedelta(days=offset)
        running = services_on(gtfs, date)
        start = datetime.datetime(date.year, date.month, date.day, 12, tzinfo=zone).timestamp() - 12 * 3600
        for row in departures:
            when = row["departure_time"] or row["arrival_time"]
            if row["stop_id"] == stop and when and service[row["trip_id"]] in running:
                at = start + seconds(when)
                if at > board["ts"] and (soonest is None or at < soonest):
                    soonest = at
    assert soonest is not None and min(n["time"] for n in board["next_service"]) == int(soonest), board["next_service"]
    local = datetime.datetime.fromtimestamp(soonest, zone)
    assert 5 <= local.hour < 7, local

    open_page(browser, f"{server.base_url}/display?bus_stop={stop}")
    wait_until(browser, "window.__trackside && window.__trackside.ready === true && "
                        "document.getElementById('empty').textContent.startsWith('No buses until')", timeout=30)
    assert browser.find_element("id", "empty").text == f"No buses until {local.strftime('%-I:%M %p')}"
    assert browser.execute_script("return window.__trackside.rows") == []
    assert browser.execute_script("return window.__errors") == []


def test_a_third_agency_ann_arbors_campus_buses_run_by_their_own_calendar(start_trackside, agencies):
    """The University of Michigan's GTFS (gtfs-segments 2.1.7's test data) under --source sim at a term-time noon:
    the page's defaults come from the network (agency_name, America/Detroit, the served stops' middle and bounds,
    leaving out the feed's five test stops in Minnesota that no trip calls at), the buses layer is available, every
    vehicle is a bus of a trip the calendar runs today and within its timetable's hours, on its route's shape, and
    they advance; routes carry route_short_name and route_color; a parentless stop's board predicts the buses its
    stop_times have; the demo alerts' `when` is counted in Detroit's days."""
    gtfs = agencies / "annarbor_gtfs.zip"
    if not gtfs.exists():
        pytest.fail(f"{gtfs} is missing: run bash Tests/setup.sh")
    zone = ZoneInfo("America/Detroit")
    server = start_trackside("--source", "sim", "--gtfs", gtfs, "--sim-start", ANN_ARBOR_NOON, "--sim-interval", "2",
                             wait_ready=True)
    config = get_json(server, "/api/config")
    agency = table(gtfs, "agency.txt")[0]
    assert agency["agency_timezone"] == "America/Detroit"
    assert config["source"] == "sim" and config["profile"] == "standard" and config["modes"] == ["bus"], config
    assert config["agency"] == agency["agency_name"] and config["timezone"] == "America/Detroit" and config["land"] is None
    assert "buses" not in config["unavailable_layers"], config["unavailable_layers"]

    calls = trip_calls(gtfs)
    stops = {stop["stop_id"]: stop for stop in table(gtfs, "stops.txt")}
    served = {row["stop_id"] for rows in calls.values() for row in rows}
    assert {"9", "10", "11", "12", "13"} <= set(stops) - served  # the TEST1…TEST5 stops near Crookston, MN
    lons = sorted(float(stops[s]["stop_lon"]) for s in served)
    lats = sorted(float(stops[s]["stop_lat"]) for s in served)
    view = config["initial_view"]
    expected = [lons[len(lons) // 2], lats[len(lats) // 2], lons[0], lats[0], lons[-1], lats[-1]]
    got = view["center"] + view["bounds"][0] + view["bounds"][1]
    assert all(abs(a - b) <= 6e-6 for a, b in zip(got, expected)), (view, expected)  # 5 decimals
    assert -83.8 < view["bounds"][0][0] and view["bounds"][1][1] < 42.4, view  # Ann Arbor, not half a continent

    routes = get_json(server, "/api/routes")["features"]
    static_routes = {route["route_id"]: route for route in table(gtfs, "routes.txt")}
    named = [f["properties"] for f in routes if f["properties"]["route"] is not None]
    assert named and all(p["short_name"] == static_routes[p["route"]]["route_short_name"] and p["kind"] == "bus"
                         and p["color"].lower().lstrip("#") == static_routes[p["route"]]["route_color"].lower()
                         for p in named), named[:3]
    lines = {}
    for feature in routes:
        lines.setdefault(feature["properties"]["route"], []).append(feature["geometry"]["coordinates"])

    trips = {trip["trip_id"]: trip for trip in table(gtfs, "trips.txt")}
    midnight = datetime.datetime(2022, 2, 8, tzinfo=zone).timestamp()
    running = services_on(gtfs, datetime.date(2022, 2, 8))
    spans = {}
    for trip_id, rows in calls.items():
        if trips[trip_id]["service_id"] in running:
            times = [seconds(row["departure_time"] or row["arrival_time"]) for row in rows if row["departure_time"] or row["arrival_time"]]
            spans[trip_id] = (midnight + min(times), midnight + max(times))
    well_inside = {t for t, (first, last) in spans.items() if first + 180 < ANN_ARBOR_NOON < last - 180}
    assert len(well_inside) >= 10, len(well_inside)

    first = {v["id"]: v for v in get_json(server, "/api/vehicles?bbox=-83.9,42.2,-83.6,42.4&layers=bus")["vehicles"]}
    for state in first.values():
        assert state["kind"] == "bus" and "track" not in state and state["trip"] in spans, state
        start, end = spans[state["trip"]]
        assert start - 900 < state["ts"] < end + 900, (state, start, end)  # the simulator's delays stay small
        assert state["route"] == trips[state["trip"]]["route_id"], state
        off = min(point_to_line_metres((state["lon"], state["lat"]), line) for line in lines[state["route"]])
        assert off < 25, (state, off)
    assert well_inside <= {state["trip"] for state in first.values()}, well_inside - {s["trip"] for s in first.values()}
    moved = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len(moved) < 3:
        time.sleep(1)
        later = {v["id"]: v for v in get_json(server, "/api/vehicles?bbox=-83.9,42.2,-83.6,42.4&layers=bus")["vehicles"]}
        moved = [i for i, v in first.items() if i in later and v["status"] == "moving"
                 and (later[i]["lat"], later[i]["lon"]) != (v["lat"], v["lon"])]
    assert len(moved) >= 3, "the simulated buses do not advance"

    # The board of the stop the most running trips call at in the next half hour (no parent station: a bus stop).
    soon = {}
    for trip_id in spans:
        for row in calls[trip_id]:
            at = midnight + seconds(row["arrival_time"] or row["departure_time"])
            if ANN_ARBOR_NOON < at < ANN_ARBOR_NOON + 1800:
                soon.setdefault(row["stop_id"], set()).add(trips[trip_id]["route_id"])
    stop = max(soon, key=lambda s: (len(soon[s]), s))
    assert stops[stop]["parent_station"] == ""
    board = get_json(server, f"/api/bus-stops/{stop}")
    assert board["routes_from"] == "stop_times" and board["name"] == stops[stop]["stop_name"], board
    groups = board["arrivals"]["groups"]
    assert groups and {group["route"] for group in groups} <= set(board["routes"]), board
    assert {group["route"] for group in groups} & soon[stop], (groups, soon[stop])

    now = datetime.datetime.fromtimestamp(ANN_ARBOR_NOON, zone)
    for alert in get_json(server, "/api/alerts")["alerts"]:
        begins = min(period["start"] for period in alert["active_periods"])
        day = (datetime.datetime.fromtimestamp(begins, zone).date() - now.date()).days
        expected = "now" if begins <= ANN_ARBOR_NOON else {0: "later_today", 1: "tomorrow"}.get(day)
        assert alert["when"] == expected, (alert["id"], alert["when"], expected)


def cairns_at_ten(agencies):
    """Cairns' real timetable at 10:00 on Tuesday 2014-06-03: the zip, its zone, that day's midnight and 10:00, the
    trips and their calls, and the weekday trips running then (well past their first stop, well before their last)."""
    gtfs = agencies / "cairns_gtfs.zip"
    zone = ZoneInfo("Australia/Brisbane")
    midnight = datetime.datetime(2014, 6, 3, tzinfo=zone).timestamp()
    at = int(midnight + 10 * 3600)
    trips = {trip["trip_id"]: trip for trip in table(gtfs, "trips.txt")}
    calls = trip_calls(gtfs)
    running = sorted(t for t, rows in calls.items() if trips[t]["service_id"] == "CNS2014-CNS_MUL-Weekday-00"
                     and midnight + seconds(rows[0]["departure_time"]) + 300 < at < midnight + seconds(rows[-1]["arrival_time"]) - 900)
    return gtfs, zone, midnight, at, trips, calls, running


def test_schedule_relationships_and_vehicle_positions_on_cairns_real_timetable(start_trackside, agencies, tmp_path, browser):
    """GTFS-realtime written with the reference bindings against Cairns' real timetable (10:00 on Tuesday 2014-06-03,
    six trips running then), replayed by `serve --source replay`: a trip with a +120 s delay at its first stop runs
    between the two stops schedule plus delay give; a CANCELED trip is not shown on the map, but its next stop's board
    (and that stop's display) shows it as cancelled at its scheduled time; a SKIPPED stop is never a trip's
    next; a VehiclePositions-only bus is shown where it reports, under its VehicleDescriptor id; an ADDED trip runs on
    its route's shape by the feed's own times; a DUPLICATED copy started 10 minutes earlier than its static trip
    (trip_properties) is a vehicle of its own, under its new trip id, where the timetable shifted so puts it. Where
    the cancelled bus is all a stop has to show, its display says when the next bus does leave."""
    gtfs, zone, midnight, at, trips, calls, running = cairns_at_ten(agencies)
    assert len(running) >= 6, running
    delayed, cancelled, skipping, gps, template, copied = running[:6]

    message = gtfs_realtime_pb2.FeedMessage()
    message.header.gtfs_realtime_version = "2.0"
    message.header.timestamp = at
    Trip, StopTime = gtfs_realtime_pb2.TripDescriptor, gtfs_realtime_pb2.TripUpdate.StopTimeUpdate

    def trip_update(trip_id, relationship=Trip.SCHEDULED):
        entity = message.entity.add()
        entity.id = f"tu-{trip_id}"
        update = entity.trip_update
        update.trip.trip_id, update.trip.start_date, update.trip.schedule_relationship = trip_id, "20140603", relationship
        update.timestamp = at - 30
        return update

    late = trip_update(delayed)
    given = late.stop_time_update.add()
    given.stop_sequence, given.departure.delay = int(calls[delayed][0]["stop_sequence"]), 120
    trip_update(cancelled, Trip.CANCELED)
    skip = trip_update(skipping)
    given = skip.stop_time_update.add()
    given.stop_sequence, given.departure.delay = int(calls[skipping][0]["stop_sequence"]), 0
    skipped = next(row for row in calls[skipping] if midnight + seconds(row["arrival_time"]) > at)
    given = skip.stop_time_update.add()
    given.stop_sequence, given.schedule_relationship = int(skipped["stop_sequence"]), StopTime.SKIPPED
    shape = sorted((p for p in table(gtfs, "shapes.txt") if p["shape_id"] == trips[gps]["shape_id"]),
                   key=lambda p: int(p["shape_pt_sequence"]))
    point = shape[len(shape) // 2]
    entity = message.entity.add()
    entity.id = "vp-1234"
    position = entity.vehicle
    position.trip.trip_id, position.vehicle.id, position.vehicle.label = gps, "bus-1234", "Bus 1234"
    position.position.latitude, position.position.longitude = float(point["shape_pt_lat"]), float(point["shape_pt_lon"])
    position.timestamp = at - 10
    added = trip_update("added-1", Trip.ADDED)
    added.trip.route_id = trips[template]["route_id"]
    for row in calls[template]:
        given = added.stop_time_update.add()
        given.stop_id, given.stop_sequence = row["stop_id"], int(row["stop_sequence"])
        given.arrival.time = int(midnight + seconds(row["arrival_time"]) + 1200)
        given.departure.time = int(midnight + seconds(row["departure_time"]) + 1200)
    duplicate = trip_update(copied, Trip.DUPLICATED)
    start = seconds(calls[copied][0]["departure_time"]) - 600
    duplicate.trip_properties.trip_id, duplicate.trip_properties.start_date = "dup-1", "20140603"
    duplicate.trip_properties.start_time = "%02d:%02d:%02d" % (start // 3600, start // 60 % 60, start % 60)
    folder = tmp_path / "cairns-rt"
    folder.mkdir()
    (folder / "cairns-rt_20140603T100000.pb").write_bytes(message.SerializeToString())

    server = start_trackside("--source", f"replay:{folder}", "--gtfs", gtfs, "--replay-loop", wait_ready=True)
    states = {v["id"]: v for v in get_json(server, "/api/vehicles?bbox=145.5,-17.2,146.0,-16.6")["vehicles"]}
    assert set(states) == {delayed, skipping, "bus-1234", "added-1", "dup-1"}, sorted(states)  # not `cancelled`
    # The cancelled trip's next stop (5 minutes or more ahead, not its last) lists it, cancelled, at its scheduled time.
    ahead = next(row for row in calls[cancelled][:-1] if midnight + seconds(row["departure_time"]) >= at + 300)
    board = get_json(server, f"/api/bus-stops/{ahead['stop_id']}/arrivals")
    marked = [(group["route"], arrival["time"]) for group in board["groups"] for arrival in group["arrivals"] if arrival.get("cancelled")]
    assert marked == [(trips[cancelled]["route_id"], midnight + seconds(ahead["arrival_time"]))], board
    from headless_chromium import open_page, wait_until
    open_page(browser, f"{server.base_url}/display?bus_stop={ahead['stop_id']}")
    wait_until(browser, "window.__trackside && window.__trackside.ready === true && window.__trackside.rows.length > 0")
    assert any(row["cancelled"] for row in browser.execute_script("return window.__trackside.rows")), board
    assert browser.execute_script("return [...document.querySelectorAll('.row.cancelled .minutes')].map(m => m.textContent)") == ["Cancelled"]
    # Nothing but the cancelled bus to show there: under it, the display says when a bus does leave, the first
    # departure after the board's time that is not the cancelled one (found here from stop_times and the calendar).
    assert all(arrival.get("cancelled") for group in board["groups"] for arrival in group["arrivals"]), board
    running = services_on(gtfs, datetime.date(2014, 6, 3))
    after = min(midnight + seconds(row["departure_time"]) for trip, rows in calls.items() for row in rows[:-1]
                if row["stop_id"] == ahead["stop_id"] and trip != cancelled and trips[trip]["service_id"] in running
                and midnight + seconds(row["departure_time"]) > board["ts"])
    assert min(next["time"] for next in board["next_service"]) == after, (board["next_service"], after)
    local = datetime.datetime.fromtimestamp(after, zone)
    wait_until(browser, "window.__trackside.notices.length > 0")
    assert browser.execute_script("return window.__trackside.notices") == [f"No buses until {local.strftime('%-I:%M %p')}"]
    assert all(state["kind"] == "bus" for state in states.values())

    expected = expected_stops(calls[delayed], late.stop_time_update, at, zone)
    assert expected and (states[delayed]["stop"], states[delayed]["next"]) == expected[:2], (states[delayed], expected)
    assert states[skipping]["next"] != skipped["stop_id"] and states[skipping]["stop"] != skipped["stop_id"], states[skipping]
    after = calls[skipping][calls[skipping].index(skipped) + 1]["stop_id"]
    assert states[skipping]["next"] == after, (states[skipping], skipped["stop_id"], after)
    bus = states["bus-1234"]
    assert bus["trip"] == gps and bus["src"] == "gps" and bus["route"] == trips[gps]["route_id"], bus
    assert abs(bus["lat"] - float(point["shape_pt_lat"])) < 1e-4 and abs(bus["lon"] - float(point["shape_pt_lon"])) < 1e-4
    routes = get_json(server, "/api/routes")["features"]
    lines = [f["geometry"]["coordinates"] for f in routes if f["properties"]["route"] == trips[template]["route_id"]]
    assert states["added-1"]["route"] == trips[template]["route_id"] and states["added-1"]["src"] == "inferred"
    assert min(point_to_line_metres((states["added-1"]["lon"], states["added-1"]["lat"]), line) for line in lines) < 25
    copy = states.get("dup-1")
    assert copy, sorted(states)
    assert copy["trip"] == copied and copy["route"] == trips[copied]["route_id"], copy
    shifted = gtfs_realtime_pb2.TripUpdate()
    given = shifted.stop_time_update.add()
    given.stop_sequence, given.departure.delay = int(calls[copied][0]["stop_sequence"]), -600
    # Between two stops by the shifted timetable, or standing at the one it is due to leave.
    expected = expected_stops(calls[copied], shifted.stop_time_update, at, zone)
    if expected:
        assert (copy.get("stop"), copy.get("next")) == expected[:2], (copy, expected)
    else:
        stands = next(row for row in calls[copied] if midnight + seconds(row["arrival_time"]) - 600 <= at
                      <= midnight + seconds(row["departure_time"]) - 600)
        assert copy["stop"] == stands["stop_id"], (copy, stands)


def test_an_added_trip_without_a_shape_runs_straight_and_a_wrong_shape_id_loses_no_vehicle(start_trackside, agencies, tmp_path):
    """Cairns' real timetable at 10:00 on Tuesday 2014-06-03, replayed: (1) with its shapes.txt taken away, an ADDED
    trip of the feed's own stops and times runs on the straight line between the stop it left and the next, as far
    along as its times say; (2) with its shapes, a DUPLICATED copy whose trip_properties name a shape passing none of
    its stops (another route's, across town) is still shown, on its own trip's shape: a wrong shape_id cannot place
    it, and once made it vanish."""
    gtfs, zone, midnight, at, trips, calls, running = cairns_at_ten(agencies)
    stops = {stop["stop_id"]: stop for stop in table(gtfs, "stops.txt")}
    template, copied = running[0], running[1]
    shapes = {}
    for point in table(gtfs, "shapes.txt"):
        shapes.setdefault(point["shape_id"], []).append(point)
    for points in shapes.values():
        points.sort(key=lambda p: int(p["shape_pt_sequence"]))
    line = {shape_id: [(float(p["shape_pt_lon"]), float(p["shape_pt_lat"])) for p in points] for shape_id, points in shapes.items()}
    own = trips[copied]["shape_id"]
    stop_points = [(float(stops[c["stop_id"]]["stop_lon"]), float(stops[c["stop_id"]]["stop_lat"])) for c in calls[copied]]
    # Another route's shape passing none of the copy's stops (the server counts a stop within 100 m as passed).
    other = max((s for s in line if s != own and all(point_to_line_metres(p, line[s]) > 150 for p in stop_points)),
                key=lambda s: sum(point_to_line_metres(p, line[own]) for p in line[s][::10]))

    def replay(gtfs_path, message, name):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "cairns-rt_20140603T100000.pb").write_bytes(message.SerializeToString())
        # At a thousandth of real time the recording's clock stays within a second of 10:00:00 for 1,000 s.
        server = start_trackside("--source", f"replay:{folder}", "--gtfs", gtfs_path, "--replay-speed", "0.001",
                                 wait_ready=True)
        answer = get_json(server, "/api/vehicles?bbox=145.5,-17.2,146.0,-16.6")
        return {v["id"]: v for v in answer["vehicles"]}

    def feed():
        message = gtfs_realtime_pb2.FeedMessage()
        message.header.gtfs_realtime_version, message.header.timestamp = "2.0", at
        return message

    Trip = gtfs_realtime_pb2.TripDescriptor
    # (1) An added trip, 20 minutes after the template's times, on a network without shapes.
    bare = tmp_path / "cairns_without_shapes.zip"

    def without_shapes(name, rows):
        for row in rows if name == "trips.txt" else []:
            row["shape_id"] = ""
        return name != "shapes.txt"

    rewrite_gtfs(gtfs, bare, without_shapes)
    message = feed()
    entity = message.entity.add()
    entity.id = "tu-added"
    added = entity.trip_update
    added.trip.trip_id, added.trip.route_id, added.trip.schedule_relationship = "added-1", trips[template]["route_id"], Trip.ADDED
    added.timestamp = at - 30
    times = {}
    for row in calls[template]:
        given = added.stop_time_update.add()
        given.stop_id, given.stop_sequence = row["stop_id"], int(row["stop_sequence"])
        given.arrival.time = int(midnight + seconds(row["arrival_time"]) + 1200)
        given.departure.time = int(midnight + seconds(row["departure_time"]) + 1200)
        times[row["stop_id"]] = (given.arrival.time, given.departure.time)
    states = replay(bare, message, "added")
    bus = states["added-1"]
    assert bus["route"] == trips[template]["route_id"] and bus["src"] == "inferred", bus
    left, ahead = stops[bus["stop"]], stops[bus["next"]]
    a = (float(left["stop_lon"]), float(left["stop_lat"]))
    b = (float(ahead["stop_lon"]), float(ahead["stop_lat"]))
    position = (bus["lon"], bus["lat"])
    assert point_to_line_metres(position, [a, b]) < 5, (bus, a, b)
    if bus["status"] == "moving":
        leave, reach = times[bus["stop"]][1], times[bus["next"]][0]
        assert leave <= at <= reach, (bus, leave, at, reach)
        share = (at - leave) / (reach - leave)
        along = point_to_line_metres(position, [a, a]) / max(point_to_line_metres(b, [a, a]), 1)
        assert abs(along - share) < 0.25, (along, share)

    # (2) A copy of a running trip told to follow a shape that misses its stops. The reference bindings predate
    # TripProperties.shape_id (field 4 of gtfs-realtime.proto), so the properties are written by hand.
    def field(number, value):
        data = value.encode() if isinstance(value, str) else value
        key, length = bytes([number << 3 | 2]), len(data)
        while length > 0x7F:
            key, length = key + bytes([length & 0x7F | 0x80]), length >> 7
        return key + bytes([length]) + data
    duplicate = gtfs_realtime_pb2.TripUpdate()
    duplicate.trip.trip_id, duplicate.trip.start_date, duplicate.trip.schedule_relationship = copied, "20140603", Trip.DUPLICATED
    duplicate.timestamp = at - 30
    start = seconds(calls[copied][0]["departure_time"])
    properties = (field(1, "dup-1") + field(2, "20140603")
                  + field(3, "%02d:%02d:%02d" % (start // 3600, start // 60 % 60, start % 60)) + field(4, other))
    update = duplicate.SerializeToString() + field(6, properties)
    message = feed()
    message.ParseFromString(message.SerializeToString() + field(2, field(1, "tu-dup") + field(3, update)))
    assert message.entity[0].trip_update.trip_properties.trip_id == "dup-1"
    states = replay(gtfs, message, "shape")
    copy = states.get("dup-1")
    assert copy and copy["trip"] == copied, sorted(states)
    position = (copy["lon"], copy["lat"])
    assert point_to_line_metres(position, line[own]) < 25, (copy, own)
    assert point_to_line_metres(position, line[other]) > 100, (copy, other)
