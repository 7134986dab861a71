"""Service alerts end to end: `GET /api/alerts` (filters, errors, feed time and staleness), the `alerts` field of
`GET /api/stations/{id}`, and `watch` pushes over the WebSocket, from a replay folder assembled in a tmp dir from
../shared/data/alerts/, from a local stand-in for the MTA alerts endpoint (to change the feed when the test says),
and from the demo's own alerts feed."""
import collections
import json
import shutil
import time
import urllib.error
import urllib.request

from google.transit import gtfs_realtime_pb2
from websockets.sync.client import connect

import alerts_reference
from trackside_api import LocalPublisher, get_with_status as get

ALERTS = "alerts/mta_subway_alerts_20240120T185938.pb"
GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"


def wait_for_alerts(server, timeout=30):
    """The first `/api/alerts` answer that has alerts feed data."""
    deadline = time.monotonic() + timeout
    while True:
        status, body = get(server, "/api/alerts")
        assert status == 200, body
        if body["timestamp"] is not None:
            return body
        assert time.monotonic() < deadline, f"no alerts feed within {timeout} s: {body}"
        time.sleep(0.2)


def ids(alerts):
    return [alert["id"] for alert in alerts]


def busiest_station(alerts, eligible=lambda alert: True):
    """The station named by the most alerts (ties: the smallest id)."""
    counts = collections.Counter(station for alert in alerts if eligible(alert) for station in alert["stations"])
    return min(counts, key=lambda station: (-counts[station], station))


class Watcher:
    """A WebSocket client that keeps, per watched station or route, the alerts its `alerts` messages describe."""

    def __init__(self, server):
        self.socket = connect(f"ws://{server.host}:{server.port}/ws", open_timeout=10)
        assert json.loads(self.socket.recv(timeout=10))["type"] == "hello"
        self.held = {}

    def next_alerts(self, timeout=15):
        """The next `alerts` message, applied to what is held."""
        deadline = time.monotonic() + timeout
        while True:
            message = json.loads(self.socket.recv(timeout=max(0.1, deadline - time.monotonic())))
            if message["type"] != "alerts":
                assert message["type"] in ("arrivals", "delta", "snapshot"), message
                continue
            scope = ("station", message["station"]) if "station" in message else ("route", message["route"])
            held = {} if message["reset"] else dict(self.held.get(scope, {}))
            for alert_id in message["remove"]:
                held.pop(alert_id, None)
            for alert in message["add"] + message["update"]:
                held[alert["id"]] = alert
            self.held[scope] = held
            return message

    def close(self):
        self.socket.close()


def test_replayed_mta_alerts_are_served_filtered_and_pushed(start_trackside, shared_data, tmp_path):
    # The folder holds the alerts feed under the name `trackside record` gives it.
    folder = tmp_path / "recording"
    folder.mkdir()
    shutil.copy(shared_data / ALERTS, folder / "subway-alerts_20240120T185938.pb")
    # At 1/100 speed the feeds' clock stays within a second of the recording while the test runs, so the
    # reference's reading at the same instant is exact.
    server = start_trackside("--source", f"replay:{folder}", "--gtfs", shared_data / GTFS, "--replay-speed", "0.01")
    body = wait_for_alerts(server)
    assert body["timestamp"] == 1705795178 and body["stale"] is False
    expected = alerts_reference.display_alerts(shared_data / ALERTS, now=body["ts"])
    assert [(min(a["ids"]), a["type"], a["when"]) for a in expected] == \
        [(a["id"], a.get("type"), a["when"]) for a in body["alerts"]]
    alerts = body["alerts"]
    assert len(alerts) == 281

    # Filters: each narrows the same list, and they combine.
    station = busiest_station(alerts)
    by_station = [a for a in alerts if station in a["stations"]]
    assert len(by_station) >= 2
    for query, keep in [
        ("route=A", lambda a: "A" in a["routes"]),
        ("route=A,6X", lambda a: "A" in a["routes"] or "6X" in a["routes"]),
        (f"station={station}", lambda a: station in a["stations"]),
        ("when=now", lambda a: a["when"] == "now"),
        ("when=later_today,tomorrow", lambda a: a["when"] in ("later_today", "tomorrow")),
        (f"route=2&station={station}&when=now", lambda a: "2" in a["routes"] and station in a["stations"]
         and a["when"] == "now"),
    ]:
        status, filtered = get(server, "/api/alerts?" + query)
        assert status == 200 and ids(filtered["alerts"]) == ids(filter(keep, alerts)), query
    assert any(a["when"] == "now" for a in alerts) and any(a["when"] != "now" for a in alerts)
    status, details = get(server, f"/api/stations/{station}")
    assert status == 200 and ids(details["alerts"]) == ids(by_station) and details["alerts_stale"] is False

    # Bad input: JSON errors, never a crash.
    for path, code in [("/api/alerts?station=ZZZ9", 404), ("/api/alerts?station=a%20b", 400),
                       ("/api/alerts?when=soon", 400), ("/api/alerts?route=%5BA%5D", 400), ("/api/alerts?route=", 400)]:
        status, error = get(server, path)
        assert status == code and error["error"]["code"] == ("not_found" if code == 404 else "bad_request"), path

    # Push: a watch answers with the current set at once, for a station and for a route.
    watcher = Watcher(server)
    try:
        watcher.socket.send(json.dumps({"op": "watch", "station": station}))
        first = watcher.next_alerts()
        assert first["station"] == station and first["reset"] is True and first["update"] == first["remove"] == []
        assert ids(first["add"]) == ids(by_station)
        watcher.socket.send(json.dumps({"op": "watch", "route": "A"}))
        route = watcher.next_alerts()
        assert route["route"] == "A" and route["reset"] is True
        assert ids(route["add"]) == ids(a for a in alerts if "A" in a["routes"])
        assert route["add"][0] == next(a for a in alerts if "A" in a["routes"]), "the same wire form as REST"
    finally:
        watcher.close()
    feeds = get(server, "/api/feeds")[1]["feeds"]
    assert [(f["id"], f["accepted"], f["failure"]) for f in feeds] == [("subway-alerts", 1, None)]


GARBAGE = b"\x0a\xff\xff garbage"


def alerts_endpoint():
    """A stand-in for the MTA alerts endpoint on 127.0.0.1: serves its `body` (garbage until a test sets it) for the
    alerts feed, and 404 for the subway feeds, which these tests do not need."""
    return LocalPublisher(GARBAGE, serves=lambda path: path.endswith("subway-alerts"))


def as_published_now(feed, now):
    """The feed as if published at `now`: header time and every period moved by the same amount (Mercury fields
    ride along as unknown fields). `now` becomes an instant of the recording that no period starts or ends
    within 10 minutes of, so nothing changes by itself while the test runs."""
    moved = gtfs_realtime_pb2.FeedMessage()
    moved.CopyFrom(feed)
    bounds = sorted({t for e in feed.entity for p in e.alert.active_period for t in (p.start, p.end) if t})
    quiet = next(t for t in range(feed.header.timestamp, feed.header.timestamp + 86400, 60)
                 if all(abs(t - bound) > 600 for bound in bounds))
    shift = int(now) - quiet
    moved.header.timestamp = int(now)
    for entity in moved.entity:
        for period in entity.alert.active_period:
            if period.start:
                period.start += shift
            if period.end:
                period.end += shift
    return moved


def test_live_alerts_changes_are_pushed_and_a_bad_fetch_keeps_the_last_alerts(start_trackside, shared_data):
    endpoint = alerts_endpoint()
    try:
        feed = as_published_now(gtfs_realtime_pb2.FeedMessage.FromString((shared_data / ALERTS).read_bytes()),
                                time.time())
        endpoint.body = feed.SerializeToString()
        server = start_trackside("--source", "mta", "--gtfs", shared_data / GTFS, "--subway-base", endpoint.base + "/mtagtfsfeeds/",
                                 "--alerts-interval", "1", "--subway-interval", "60", "--fetch-timeout", "5",
                                 env={"PATH": "/usr/bin:/bin"})
        first = wait_for_alerts(server)
        assert first["stale"] is False and len(first["alerts"]) > 200
        station = busiest_station(first["alerts"], eligible=lambda a: "source_ids" not in a)
        dropped, changed = [a["id"] for a in first["alerts"] if station in a["stations"] and "source_ids" not in a][:2]

        watcher = Watcher(server)
        try:
            watcher.socket.send(json.dumps({"op": "watch", "station": station}))
            reset = watcher.next_alerts()
            assert reset["reset"] is True and reset["stale"] is False and {dropped, changed} <= set(ids(reset["add"]))

            # The publisher drops one alert of the station and rewords another: one message says exactly that.
            updated = gtfs_realtime_pb2.FeedMessage()
            updated.CopyFrom(feed)
            updated.header.timestamp += 1
            del updated.entity[[e.id for e in updated.entity].index(dropped)]
            entity = next(e for e in updated.entity if e.id == changed)
            for translation in entity.alert.header_text.translation:
                translation.text = "Reworded: " + translation.text
            endpoint.body = updated.SerializeToString()
            change = watcher.next_alerts(timeout=20)
            assert change["station"] == station and change["reset"] is False and change["stale"] is False
            assert change["remove"] == [dropped] and ids(change["update"]) == [changed] and change["add"] == []
            assert change["update"][0]["header"].startswith("Reworded: ")
            assert change["update"][0]["header_segments"][0].startswith("Reworded: ")
            status, body = get(server, f"/api/alerts?station={station}")
            assert ids(body["alerts"]) == [i for i in ids(reset["add"]) if i != dropped]
            assert watcher.held[("station", station)] == {a["id"]: a for a in body["alerts"]}

            # Garbage from the publisher: the last good alerts stay, marked stale.
            endpoint.body = GARBAGE
            deadline = time.monotonic() + 20
            while not get(server, "/api/alerts")[1]["stale"]:
                assert time.monotonic() < deadline, "a failing alerts feed was not reported stale"
                time.sleep(0.2)
            status, stale = get(server, f"/api/alerts?station={station}")
            assert stale["stale"] is True and ids(stale["alerts"]) == ids(body["alerts"])
            status, details = get(server, f"/api/stations/{station}")
            assert details["alerts_stale"] is True and ids(details["alerts"]) == ids(body["alerts"])
            feeds = {f["id"]: f for f in get(server, "/api/feeds")[1]["feeds"]}
            assert feeds["subway-alerts"]["stale"] is True and feeds["subway-alerts"]["failure"]
            # The watcher is told, with nothing added, updated or removed: it keeps what it shows, marked stale.
            marked = watcher.next_alerts(timeout=20)
            assert marked["stale"] is True and marked["add"] == marked["update"] == marked["remove"] == []
            assert watcher.held[("station", station)] == {a["id"]: a for a in body["alerts"]}

            # The publisher recovers: the watcher hears that the alerts are current again.
            updated.header.timestamp += 1
            endpoint.body = updated.SerializeToString()
            recovered = watcher.next_alerts(timeout=20)
            assert recovered["stale"] is False and recovered["add"] == recovered["update"] == recovered["remove"] == []
            assert get(server, "/api/alerts")[1]["stale"] is False
        finally:
            watcher.close()
    finally:
        endpoint.close()


def test_demo_publishes_labelled_alerts_for_the_1_and_2(start_trackside):
    server = start_trackside()
    body = wait_for_alerts(server)
    alerts = body["alerts"]
    assert {a["type"] for a in alerts} == {"Delays", "Stations Skipped", "Part Suspended", "Elevator Outage"}
    assert all(a["header"].startswith("Demo alert:") for a in alerts)
    assert {r for a in alerts for r in a["routes"]} == {"1", "2"}
    assert {"now", "tomorrow"} <= {a["when"] for a in alerts}
    assert get(server, "/api/alerts?when=tomorrow")[1]["alerts"] == [a for a in alerts if a["when"] == "tomorrow"]
    delays = next(a for a in alerts if a["type"] == "Delays")
    assert {"route": "1"} in delays["header_segments"] and {"route": "2"} in delays["header_segments"]

    watcher = Watcher(server)
    try:
        watcher.socket.send(json.dumps({"op": "watch", "route": "2"}))
        route = watcher.next_alerts()
        assert route["reset"] is True and ids(route["add"]) == ids(a for a in alerts if "2" in a["routes"])
        station = delays["stations"][0]
        watcher.socket.send(json.dumps({"op": "watch", "station": station}))
        at_station = watcher.next_alerts()
        assert at_station["station"] == station and "demo:delays" in ids(at_station["add"])
    finally:
        watcher.close()
    status, details = get(server, f"/api/stations/{station}")
    assert status == 200 and "demo:delays" in ids(details["alerts"])
