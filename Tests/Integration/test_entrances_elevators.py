"""Entrances and elevators end to end: the MTA's real entrances dataset (NY Open Data i9wp-a4ja, GeoJSON) and
elevator and escalator list (nyct_ene_equipments.json) from ../shared/data/entrances, and an outage feed in the
shape of the MTA's nyct_ene.json served by a local publisher on 127.0.0.1 (no recorded outage feed exists in
../shared, so its records are built from the real equipment list's entries, in the feed's field names and local
time format). REST (`/api/stations/{id}`, `/api/entrances`) and push (`elevators` messages to a station's watchers)
follow the publisher as it changes, breaks and goes missing: a bad or missing document keeps the last good outages
and says stale."""
import csv
import datetime
import gzip
import io
import json
import os
import pathlib
import subprocess
import time
import urllib.request
import zipfile
import zoneinfo

import pytest
from websockets.sync.client import connect

import contract
from trackside_api import LocalPublisher, get_with_status, replay_args

ENTRANCES = "entrances/subway-entrances-exits_2024_i9wp-a4ja.geojson"
EQUIPMENT = "entrances/mta-elevators-escalators_2024_nyct_ene_equipments.json"
NEW_YORK = zoneinfo.ZoneInfo("America/New_York")
# Times Sq-42 St (complex 127 on the 2018 GTFS): its elevator from the mezzanine to the uptown 1/2/3 platform.
TIMES_SQ = "127"
UPTOWN_ELEVATOR = "EL233"


def outage_record(equipment, until):
    """An outage of one real piece of equipment, written as nyct_ene.json writes outages."""
    since = until - datetime.timedelta(days=1)
    return {"station": equipment["station"], "borough": "MN", "trainno": equipment["trainno"],
            "equipment": equipment["equipmentno"], "equipmenttype": equipment["equipmenttype"],
            "serving": equipment["serving"], "ADA": equipment["ADA"],
            "outagedate": since.strftime("%m/%d/%Y %I:%M:%S %p"),
            "estimatedreturntoservice": until.strftime("%m/%d/%Y %I:%M:%S %p"),
            "reason": "Repair", "isupcomingoutage": "N", "ismaintenanceoutage": "N"}


def six_pm_ahead():
    """The next 6 PM in New York at least an hour away (the display names it as "until 6 PM")."""
    now = datetime.datetime.now(NEW_YORK)
    six = now.replace(hour=18, minute=0, second=0, microsecond=0)
    return six if six - now > datetime.timedelta(hours=1) else six + datetime.timedelta(days=1)


@pytest.fixture
def equipment(shared_data):
    return {item["equipmentno"]: item for item in json.loads((shared_data / EQUIPMENT).read_text())}


@pytest.fixture
def publisher(equipment):
    until = six_pm_ahead()
    body = gzip.compress(json.dumps([outage_record(equipment[UPTOWN_ELEVATOR], until)]).encode())
    with LocalPublisher(body, lambda path: path == "/nyct_ene.json") as feed:
        feed.until = until
        yield feed


def access_args(shared_data, elevators):
    return replay_args(shared_data) + ["--entrances", shared_data / ENTRANCES, "--elevator-equipment", shared_data / EQUIPMENT,
                                       "--elevators", elevators, "--elevators-interval", "1"]


def station(server, station_id=TIMES_SQ):
    status, body = get_with_status(server, f"/api/stations/{station_id}")
    assert status == 200, body
    assert not contract.errors(contract.response_validator("/api/stations/{id}", 200, "application/json"), body)
    return body


def wait_for(predicate, what, timeout=15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"timed out waiting for {what}")


def uptown(elevators):
    return next(e for e in elevators if e["id"] == UPTOWN_ELEVATOR)


def test_rest_lists_the_real_entrances_and_the_outage_and_push_follows_the_publisher(start_trackside, shared_data, publisher,
                                                                                     equipment):
    server = start_trackside(*access_args(shared_data, publisher.base + "/nyct_ene.json"), wait_ready=True)
    # Entrances: every one of the dataset's entrances of the five Times Sq stations, as published.
    features = json.loads((shared_data / ENTRANCES).read_text())["features"]
    expected = sorted((f["geometry"]["coordinates"][1], f["geometry"]["coordinates"][0], f["properties"]["entrance_type"])
                      for f in features
                      if {s.strip() for s in f["properties"]["gtfs_stop_id"].split(";")} & {"127", "725", "902", "A27", "R16"})
    details = wait_for(lambda: (d := station(server)) and "elevators_updated" in d and d, "the first outage fetch")
    got = sorted((e["lat"], e["lon"], e["type"]) for e in details["entrances"])
    assert len(got) == len(expected) > 20
    assert all(abs(a[0] - b[0]) < 2e-6 and abs(a[1] - b[1]) < 2e-6 and a[2] == b[2] for a, b in zip(got, expected)), got
    assert any(e["type"] == "Elevator" and e["step_free"] for e in details["entrances"])
    # Elevators: the complex's equipment from the list, the one in the (gzipped) feed out until 6 PM.
    out = uptown(details["elevators"])
    assert out["status"] == "out_of_service" and out["reason"] == "Repair" and out["source"] == "outages"
    assert out["until"] == int(publisher.until.timestamp()) and out["ada"] is True and "uptown" in out["description"].lower()
    assert all(e["status"] == "in_service" for e in details["elevators"] if e["id"] != UPTOWN_ELEVATOR)
    assert details["elevators_stale"] is False
    # Any member's or platform's id finds the same.
    assert station(server, "R16N")["elevators"] == details["elevators"]
    # The map's layer: every entrance, Times Sq's street elevators marked.
    status, layer = get_with_status(server, "/api/entrances")
    # All but one: the dataset puts one of 86 St's (R44) entrances 870 m away, near 77 St, and the server leaves it out.
    assert status == 200 and len(layer["features"]) == len(features) - 1 and layer["stale"] is False
    assert not contract.errors(contract.response_validator("/api/entrances", 200, "application/json"), layer)
    marked = {f["properties"]["station"] for f in layer["features"] if f["properties"]["elevator_out"]}
    assert marked == {TIMES_SQ}

    with connect(f"ws://{server.host}:{server.port}/ws", open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "hello"
        socket.send(json.dumps({"op": "watch", "station": "725"}))

        def next_elevators():
            while True:
                message = json.loads(socket.recv(timeout=15))
                if message["type"] == "elevators":
                    assert not contract.errors(contract.SERVER_MESSAGE, message), message
                    return message

        first = next_elevators()
        assert first["station"] == "725" and uptown(first["elevators"])["status"] == "out_of_service"
        # Back in service: pushed once.
        publisher.body = b"[]"
        back = next_elevators()
        assert uptown(back["elevators"])["status"] == "in_service" and back["elevators_stale"] is False
        # Garbage: the last good outages, now stale, on push, REST and the map's layer.
        publisher.body = b'[{"equipment": "EL2'
        stale = next_elevators()
        assert stale["elevators_stale"] is True and stale["elevators"] == [dict(e, stale=True) for e in back["elevators"]]
        assert station(server)["elevators_stale"] is True
        assert get_with_status(server, "/api/entrances")[1]["stale"] is True
        # The outage again: current, out of service.
        publisher.body = json.dumps([outage_record(equipment[UPTOWN_ELEVATOR], publisher.until)]).encode()
        again = next_elevators()
        assert again["elevators_stale"] is False and uptown(again["elevators"])["status"] == "out_of_service"
        # Nothing changes: nothing is pushed though the feed is fetched every second.
        with pytest.raises(TimeoutError):
            while True:
                message = json.loads(socket.recv(timeout=2.5))
                assert message["type"] != "elevators", message
    assert publisher.requests.count("/nyct_ene.json") >= 5


def test_a_bad_or_missing_file_keeps_the_last_good_outages_and_says_stale(start_trackside, shared_data, equipment, tmp_path):
    feed = tmp_path / "nyct_ene.json"
    feed.write_text(json.dumps([outage_record(equipment[UPTOWN_ELEVATOR], six_pm_ahead())]))
    server = start_trackside(*access_args(shared_data, feed), wait_ready=True)
    good = wait_for(lambda: (d := station(server)) and "elevators_updated" in d and d, "the file's first read")
    assert uptown(good["elevators"])["status"] == "out_of_service" and good["elevators_stale"] is False
    # The outage feed is a feed like the others: /api/feeds, /readyz and /metrics say how it is.
    assert not feed_health(server)["stale"] and get_with_status(server, "/readyz")[0] == 200
    for bad, kind in ((lambda: feed.write_bytes(feed.read_bytes()[:40]), "decode"),     # truncated
                      (lambda: feed.write_bytes(b" " * (16 << 20)), "decode"),          # oversized
                      (lambda: feed.unlink(), "network")):                              # missing
        broken_at, errors = time.time(), feed_errors(server, kind)
        bad()
        stale = wait_for(lambda: (d := station(server))["elevators_stale"] and d, "stale outages")
        # The last good outages, from before the file broke.
        assert uptown(stale["elevators"])["status"] == "out_of_service"
        assert good["elevators_updated"] <= stale["elevators_updated"] <= broken_at
        health = wait_for(lambda: (h := feed_health(server))["stale"] and h, "the feed listed stale")
        assert health["failure"] and health["age"] is not None and health["stale_after"] == 90
        # Ready, but degraded: trains and boards do not depend on the outages (one failing outage host must not
        # take every instance out of rotation); a strict rollout gate fails on it.
        status, ready = get_with_status(server, "/readyz")
        assert status == 200 and "elevators" in ready["stale"] and ready["degraded"] == ["elevators"], ready
        assert get_with_status(server, "/readyz?strict=1")[0] == 503
        assert feed_errors(server, kind) > errors
        feed.write_text(json.dumps([outage_record(equipment[UPTOWN_ELEVATOR], six_pm_ahead())]))
        wait_for(lambda: not station(server)["elevators_stale"], "fresh outages again")
        wait_for(lambda: get_with_status(server, "/readyz")[1]["degraded"] == [], "no longer degraded")


def feed_health(server):
    """The outage feed's entry in /api/feeds."""
    return next(f for f in get_with_status(server, "/api/feeds")[1]["feeds"] if f["id"] == "elevators")


def feed_errors(server, kind):
    """trackside_feed_errors_total of the outage feed for one kind of error, from /metrics."""
    prefix = f'trackside_feed_errors_total{{feed="elevators",kind="{kind}"}} '
    with urllib.request.urlopen(server.base_url + "/metrics", timeout=10) as response:
        line = next(l for l in response.read().decode().splitlines() if l.startswith(prefix))
    return float(line[len(prefix):])


def test_without_the_files_there_are_no_entrances_and_bad_files_stop_the_start(trackside_bin, start_trackside, shared_data, tmp_path):
    server = start_trackside(*replay_args(shared_data))
    assert get_with_status(server, "/api/entrances")[0] == 404
    details = station(server)
    assert "entrances" not in details and "elevators" not in details
    garbage = tmp_path / "entrances.geojson"
    garbage.write_text('{"type":"FeatureCollection","features":[{"type":"Feature"')
    for args, message in ((["--entrances", garbage], "cannot load entrances"),
                          (["--elevators", tmp_path / "x.json"], "--elevators needs --elevator-equipment")):
        result = subprocess.run([trackside_bin, "serve", "--port", "0", *replay_args(shared_data), *map(str, args)],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode != 0 and message in result.stderr, result.stderr


# The dataset's CSV export's columns (its GeoJSON export's properties, named as the CSV names them).
CSV_COLUMNS = ["Division", "Line", "Borough", "Stop Name", "Complex ID", "Constituent Station Name", "Station ID", "GTFS Stop ID",
               "Daytime Routes", "Entrance Type", "Entry Allowed", "Exit Allowed", "Entrance Latitude", "Entrance Longitude"]


def entrances_csv(features):
    """The real entrances as the dataset's CSV export writes them (CRLF, quoted fields, a georeference column)."""
    rows = [CSV_COLUMNS + ["Entrance Georeference"]]
    for feature in features:
        p = feature["properties"]
        rows.append([p.get(c.lower().replace(" ", "_"), "") for c in CSV_COLUMNS]
                    + [f"POINT ({p['entrance_longitude']} {p['entrance_latitude']})"])
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue().encode()


def test_entrances_download_as_csv_and_are_cached_like_the_static_gtfs(trackside_bin, start_trackside, shared_data, tmp_path):
    features = json.loads((shared_data / ENTRANCES).read_text())["features"]
    body, cache = entrances_csv(features), tmp_path / "cache"
    path = "/api/views/i9wp-a4ja/rows.csv"
    with LocalPublisher(body, lambda asked: asked.startswith(path), content_type="text/csv") as site:
        args = [*replay_args(shared_data), "--entrances", f"{site.base}{path}?accessType=DOWNLOAD", "--cache", cache]
        server = start_trackside(*args)
        layer = get_with_status(server, "/api/entrances")[1]
        # As from the GeoJSON (all but the one 870 m from its station), and Times Sq's the same.
        assert len(layer["features"]) == len(features) - 1
        assert len(station(server)["entrances"]) > 20
        assert (cache / "subway-entrances").read_bytes() == body and site.requests == [f"{path}?accessType=DOWNLOAD"]
        # A day later the publisher answers garbage: the cached copy stays and is used, and the log says so.
        old = time.time() - 2 * 86_400
        os.utime(cache / "subway-entrances", (old, old))
        site.body = b"<html><body>Service unavailable</body></html>"
        again = start_trackside(*args)
        assert len(get_with_status(again, "/api/entrances")[1]["features"]) == len(features) - 1
        assert "using the older cached" in again.log() and (cache / "subway-entrances").read_bytes() == body
        assert len(site.requests) == 2
    # Nothing cached and nothing answering: the start fails in one line.
    result = subprocess.run([trackside_bin, "serve", "--port", "0", *map(str, replay_args(shared_data)),
                             "--entrances", "http://127.0.0.1:9/rows.csv", "--cache", str(tmp_path / "empty")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "cannot download the entrances http://127.0.0.1:9/rows.csv" in result.stderr, result.stderr


BUNDLED_GTFS = pathlib.Path(__file__).resolve().parents[2] / "Data" / "gtfs" / "nyc_subway_gtfs.zip"


def bundled_stops(folder):
    """The bundled 1 and 2 timetable unpacked into `folder`: its stops.txt's columns and rows."""
    with zipfile.ZipFile(BUNDLED_GTFS) as archive:
        archive.extractall(folder)
    with open(folder / "stops.txt", newline="") as handle:
        reader = csv.DictReader(handle)
        return list(reader.fieldnames), list(reader)


def write_table(path, fields, rows):
    """A GTFS table of `rows` (dicts) under the header `fields`, missing values empty."""
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields, restval="")
        writer.writeheader()
        writer.writerows(rows)


def test_an_agencys_own_gtfs_entrances_are_served_without_the_dataset(start_trackside, shared_data, tmp_path):
    """The bundled 1 and 2 timetable with the real entrances of its stations (the MTA dataset's) written into its
    stops.txt as GTFS entrances (location_type 2, parent_station the station, wheelchair_boarding 1 for the street
    elevators): with no --entrances the server serves those, on /api/entrances and each station's details."""
    folder = tmp_path / "gtfs"
    fields, stops = bundled_stops(folder)
    stations = {s["stop_id"] for s in stops if s.get("location_type") == "1"}
    features = json.loads((shared_data / ENTRANCES).read_text())["features"]
    mine = [f for f in features if f["properties"]["gtfs_stop_id"].strip() in stations]
    assert len(mine) > 100
    for field in ("location_type", "parent_station", "wheelchair_boarding"):
        if field not in fields:
            fields.append(field)
    for index, f in enumerate(mine):
        lon, lat = f["geometry"]["coordinates"]
        stops.append({"stop_id": f"E{index}", "stop_name": f["properties"]["stop_name"], "stop_lat": lat, "stop_lon": lon,
                      "location_type": "2", "parent_station": f["properties"]["gtfs_stop_id"].strip(),
                      "wheelchair_boarding": "1" if f["properties"]["entrance_type"] == "Elevator" else "0"})
    write_table(folder / "stops.txt", fields, stops)
    server = start_trackside("--source", "sim", "--gtfs", folder)
    status, layer = get_with_status(server, "/api/entrances")
    assert status == 200 and get_with_status(server, "/api/config")[1]["entrances"] is True
    # Every one joins its station, except any the server finds too far from it (as with the dataset itself).
    joined = sorted((f["properties"]["station"], f["properties"]["step_free"]) for f in layer["features"])
    assert sorted((f["properties"]["gtfs_stop_id"].strip(), f["properties"]["entrance_type"] == "Elevator")
                  for f in mine) == joined
    square = station(server, "127")
    assert len(square["entrances"]) == sum(1 for f in mine if f["properties"]["gtfs_stop_id"].strip() == "127")
    assert all(e["type"] in ("Entrance", "Step-free entrance") for e in square["entrances"])


def expected_notice(equipment, until):
    """What the popup and the display say of the uptown elevator's outage: its destination from the list's short
    description ("Mezzanine to uptown 1/2/3"), until 6 PM today or tomorrow in New York."""
    assert equipment[UPTOWN_ELEVATOR]["shortdescription"] == "Mezzanine to uptown 1/2/3"
    today = datetime.datetime.now(NEW_YORK).date() == until.date()
    return f"Elevator to the Uptown 1/2/3 platform out of service until {'' if today else 'tomorrow '}6 PM"


def test_an_outage_shows_on_the_map_in_the_popup_and_on_the_display(browser, start_trackside, shared_data, publisher, equipment):
    from headless_chromium import open_page, wait_until
    from map_page import assert_clean
    server = start_trackside(*access_args(shared_data, publisher.base + "/nyct_ene.json"), wait_ready=True)
    wait_for(lambda: "elevators_updated" in station(server), "the first outage fetch")
    text = expected_notice(equipment, publisher.until)
    square = station(server)
    lon, lat = square["lon"], square["lat"]

    # The map at street zoom with Times Sq's popup open (?station=): the entrance layer drawn, Times Sq's street
    # elevators in the outage colour, and the popup saying which elevator is out until when.
    open_page(browser, f"{server.base_url}/?at={lon},{lat},17&station={TIMES_SQ}")
    wait_until(browser, "window.__trackside && window.__trackside.ready === true", timeout=45)
    rendered = """window.__trackside.map.queryRenderedFeatures({layers: ['entrances']})
                    .map(f => ({station: f.properties.station, out: f.properties.elevator_out}))"""
    wait_until(browser, rendered + ".length > 0", timeout=20)
    entrances = browser.execute_script("return " + rendered)
    assert any(e["station"] == TIMES_SQ and e["out"] for e in entrances), entrances
    assert browser.execute_script("return window.__trackside.map.getLayer('entrances').minzoom") == 16
    outages = "[...document.querySelectorAll('.stop-popup .elevators li.outage')].map(li => li.textContent)"
    wait_until(browser, outages + ".length > 0", timeout=20)
    assert browser.execute_script("return " + outages) == [text]

    # Back in service: the popup, watching, says so without a reload.
    body = publisher.body
    publisher.body = b"[]"
    wait_until(browser, "document.querySelector('.stop-popup .elevators .in-service') !== null", timeout=20)
    assert browser.execute_script("return " + outages) == []
    assert_clean(browser, server)

    # The display: the same words under its rows, gone when the push says the elevator is back.
    publisher.body = body
    wait_for(lambda: uptown(station(server)["elevators"])["status"] == "out_of_service", "the outage again")
    open_page(browser, f"{server.base_url}/display?station={TIMES_SQ}")
    shown = "window.__trackside && window.__trackside.notices"
    wait_until(browser, f"{shown} && {shown}.includes({json.dumps(text)})", timeout=30)
    assert browser.execute_script("return [...document.querySelectorAll('#notices .notice.outage')].map(n => n.textContent)") == [text]
    publisher.body = b"[]"
    wait_until(browser, f"{shown} && {shown}.length === 0", timeout=20)
    assert_clean(browser, server)


def test_an_edge_polls_the_outage_feed_itself_and_serves_the_engines_elevators(start_trackside, shared_data, publisher,
                                                                              redis_server):
    """Through Redis: the outage feed is not relayed on the stream (it is judged on the wall clock, whoever fetches
    it), so an edge given `--elevators` polls it itself; its station page lists the same outage as the engine's,
    and its watchers are pushed it."""
    elevators = publisher.base + "/nyct_ene.json"
    args = access_args(shared_data, elevators) + ["--redis", redis_server.url, "--tick", "0.5"]
    engine = start_trackside(*args, "--role", "engine", wait_ready=True)
    edge = start_trackside(*args, "--role", "edge", wait_ready=True)
    ours = wait_for(lambda: (d := station(engine)) and "elevators_updated" in d and d, "the engine's first outage fetch")
    theirs = wait_for(lambda: (d := station(edge)) and "elevators_updated" in d and d, "the edge's first outage fetch")
    assert uptown(theirs["elevators"])["status"] == "out_of_service" and theirs["elevators_stale"] is False
    assert theirs["elevators"] == ours["elevators"]
    assert len(publisher.requests) >= 2  # each of the two polled it
    with connect(f"ws://{edge.host}:{edge.port}/ws", open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "hello"
        socket.send(json.dumps({"op": "watch", "station": TIMES_SQ}))
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            message = json.loads(socket.recv(timeout=15))
            if message["type"] == "elevators":
                assert uptown(message["elevators"])["status"] == "out_of_service"
                break
        else:
            pytest.fail("the edge pushed its watcher no elevators message")


def test_an_agencys_pathways_give_its_elevators_and_step_free_entrances(browser, start_trackside, shared_data, tmp_path):
    """The bundled 1 and 2 timetable given stations laid out as GTFS pathways from the real files: each station a
    mezzanine (location_type 3) with stairs to every platform; each of its active elevators and escalators in the
    MTA's equipment list a pathway (its number as pathway_id, its short description as signposted_as) from a node of
    its own on the mezzanine to a platform; each real entrance of the dataset a location_type 2 stop reaching the
    mezzanine by stairs, an escalator or level (street elevators, ramps, station houses). Without --entrances and
    --elevator-equipment the server lists those elevators and escalators at their stations, and an entrance is
    step-free exactly when it is level to the mezzanine and its station has an elevator down."""
    folder = tmp_path / "gtfs"
    fields, stops = bundled_stops(folder)
    for field in ("location_type", "parent_station"):
        if field not in fields:
            fields.append(field)
    stations = {s["stop_id"]: s for s in stops if s.get("location_type") == "1"}
    platforms = {}
    for s in stops:
        if s.get("parent_station") in stations:
            platforms.setdefault(s["parent_station"], []).append(s["stop_id"])
    pathways, nodes = [], []

    def node(stop_id, name, sid, location_type):
        nodes.append({"stop_id": stop_id, "stop_name": name, "stop_lat": stations[sid]["stop_lat"],
                      "stop_lon": stations[sid]["stop_lon"], "location_type": location_type, "parent_station": sid})

    def link(pathway_id, start, end, mode, signs=""):
        pathways.append({"pathway_id": pathway_id, "from_stop_id": start, "to_stop_id": end, "pathway_mode": mode,
                         "is_bidirectional": 1, "signposted_as": signs})

    for sid in stations:
        node(f"{sid}-MEZZ", "Mezzanine", sid, "3")
        for platform in platforms.get(sid, []):
            link(f"{sid}-stairs-{platform}", f"{sid}-MEZZ", platform, 2)
    equipment = {}
    for item in json.loads((shared_data / EQUIPMENT).read_text()):
        served = [s.strip() for s in item["elevatorsgtfsstopid"].split("/") if s.strip() in stations]
        if item["isactive"] != "Y" or not served or not platforms.get(served[0]):
            continue
        sid = served[0]
        platform = next(s["stop_name"] for s in stops if s["stop_id"] == platforms[sid][0])
        equipment[item["equipmentno"]] = (sid, item["equipmenttype"], "Mezzanine to " + platform)
        node(f"{item['equipmentno']}-TOP", "Mezzanine", sid, "3")
        link(f"{item['equipmentno']}-walk", f"{sid}-MEZZ", f"{item['equipmentno']}-TOP", 1)
        link(item["equipmentno"], f"{item['equipmentno']}-TOP", platforms[sid][0], 5 if item["equipmenttype"] == "EL" else 4,
             item["shortdescription"] or item["serving"])
    assert sum(kind == "EL" for _, kind, _ in equipment.values()) > 10 and any(kind == "ES" for _, kind, _ in equipment.values())
    lifts = {sid for sid, kind, _ in equipment.values() if kind == "EL"}
    entrances = {}
    for index, feature in enumerate(json.loads((shared_data / ENTRANCES).read_text())["features"]):
        sid, kind = feature["properties"]["gtfs_stop_id"].strip(), feature["properties"]["entrance_type"]
        if sid not in stations:
            continue
        lon, lat = feature["geometry"]["coordinates"]
        nodes.append({"stop_id": f"E{index}", "stop_name": feature["properties"]["stop_name"], "stop_lat": lat,
                      "stop_lon": lon, "location_type": "2", "parent_station": sid})
        mode = {"Stair": 2, "Escalator": 4}.get(kind, 1)
        link(f"E{index}-in", f"E{index}", f"{sid}-MEZZ", mode)
        if mode == 4:  # a street escalator is equipment too, described by its ends (it has no signs)
            equipment[f"E{index}-in"] = (sid, "ES", None)
        entrances[(lat, lon)] = mode == 1 and sid in lifts
    assert 100 < len(entrances) and 10 < sum(entrances.values()) < len(entrances)
    write_table(folder / "stops.txt", fields, stops + nodes)
    write_table(folder / "pathways.txt", list(pathways[0]), pathways)

    server = start_trackside("--source", "sim", "--gtfs", folder)
    config = get_with_status(server, "/api/config")[1]
    assert config["entrances"] is True and config["elevators"] is True
    # Every elevator and escalator at its station (a complex lists its members'), as the pathways describe it.
    for station_id in sorted({sid for sid, _, _ in equipment.values()}):
        body = station(server, station_id)
        listed = {e["id"]: e for e in body["elevators"]}
        members = set(body["stations"]) | {body["id"]}
        assert set(listed) == {n for n, (s, _, _) in equipment.items() if s in members}, station_id
        for number, item in listed.items():
            _, kind, description = equipment[number]
            assert item["kind"] == ("elevator" if kind == "EL" else "escalator")
            # No feed reports a pathway's elevator: neither working nor out.
            assert item["ada"] == (item["kind"] == "elevator") and item["status"] == "unknown"
            assert item["serving"] and item.get("description") == description
    # Step-free exactly where a level entrance meets an elevator down, and then by elevator.
    status, layer = get_with_status(server, "/api/entrances")
    assert status == 200
    assert len(layer["features"]) == len(entrances)
    for feature in layer["features"]:
        lon, lat = feature["geometry"]["coordinates"]
        place = min(entrances, key=lambda p: abs(p[0] - lat) + abs(p[1] - lon))  # served to 6 decimals
        assert abs(place[0] - lat) + abs(place[1] - lon) < 2e-6
        properties = feature["properties"]
        assert properties["step_free"] == entrances[place], (place, properties)
        assert properties["type"] == ("Step-free entrance by elevator" if entrances[place] else "Entrance")
    # The popup of Times Sq lists its elevators without claiming they work.
    from headless_chromium import open_page, wait_until
    from map_page import assert_clean
    square = station(server, TIMES_SQ)
    open_page(browser, f"{server.base_url}/?at={square['lon']},{square['lat']},17&station={TIMES_SQ}")
    wait_until(browser, "window.__trackside && window.__trackside.ready === true", timeout=45)
    note = "document.querySelector('.stop-popup .elevators .unreported')"
    wait_until(browser, f"{note} !== null", timeout=20)
    count = len(square["elevators"])
    assert browser.execute_script(f"return {note}.textContent") == \
        f"{count} elevators and escalators listed; no feed reports their status"
    assert browser.execute_script("return document.querySelector('.stop-popup .elevators .in-service')") is None
    assert_clean(browser, server)
