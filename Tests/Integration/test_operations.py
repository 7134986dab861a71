"""Operations routes of `trackside serve`: /healthz, /readyz and /metrics, the latter parsed by the
official Prometheus client's text parser."""

import json
import time
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from trackside_api import replay_args


def fetch(server, path):
    try:
        with urllib.request.urlopen(server.base_url + path, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def scrape(server):
    status, headers, body = fetch(server, "/metrics")
    assert status == 200
    assert headers["Content-Type"].startswith("text/plain; version=0.0.4")
    return {family.name: family for family in text_string_to_metric_families(body.decode())}


def value(family, **labels):
    [sample] = [s for s in family.samples if s.labels == labels and s.name == family.name]
    return sample.value


def test_probes_and_metrics_on_a_replay(start_trackside, shared_data):
    server = start_trackside(*replay_args(shared_data))
    status, _, body = fetch(server, "/healthz")
    assert (status, json.loads(body)) == (200, {"status": "ok"})

    deadline = time.monotonic() + 20
    while True:
        families = scrape(server)
        placed = sum(s.value for s in families["trackside_vehicles"].samples)
        if placed > 0 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert placed > 0, "no tick placed a vehicle within 20 s"

    expected_types = {
        "trackside_feed_reports": "counter", "trackside_feed_duplicates": "counter",
        "trackside_feed_failures": "counter", "trackside_feed_age_seconds": "gauge", "trackside_feed_stale": "gauge",
        "trackside_tick_duration_seconds": "histogram", "trackside_vehicles": "gauge",
        "trackside_push_connections": "gauge", "trackside_push_regions": "gauge", "trackside_push_seq": "gauge",
        "process_resident_memory_bytes": "gauge", "process_open_fds": "gauge",
        "process_start_time_seconds": "gauge", "trackside_uptime_seconds": "gauge",
    }
    assert {name: families[name].type for name in expected_types if name in families} == expected_types

    feeds = {s.labels["feed"]: s.value for s in families["trackside_feed_reports"].samples}
    assert feeds and all(count >= 1 for count in feeds.values()), feeds
    assert {s.labels["feed"] for s in families["trackside_feed_stale"].samples} == set(feeds)
    ticks = families["trackside_tick_duration_seconds"]
    count = value_named(ticks, "trackside_tick_duration_seconds_count")
    assert count >= 1
    buckets = [s.value for s in ticks.samples if s.name.endswith("_bucket")]
    assert buckets == sorted(buckets) and buckets[-1] == count
    assert {(s.labels["kind"], s.labels["status"]) for s in families["trackside_vehicles"].samples} == {
        (kind, status) for kind in ("subway", "bus") for status in ("stopped", "moving", "unknown")}
    assert value(families["process_resident_memory_bytes"]) > 10 << 20
    assert value(families["process_open_fds"]) >= 4
    assert 0 <= value(families["trackside_uptime_seconds"]) < 120
    assert value(families["trackside_push_connections"]) == 0

    status, _, body = fetch(server, "/readyz")
    readiness = json.loads(body)
    assert [feed["id"] for feed in readiness["feeds"]] == ["feed1-123456S"]
    assert set(readiness["stale"]) <= set(feeds)
    assert status == (200 if readiness["ready"] else 503)
    assert readiness["ready"] == (readiness["stale"] == []) and readiness["static"] is True


def value_named(family, name):
    [sample] = [s for s in family.samples if s.name == name]
    return sample.value


def test_status_page_lists_every_feed(start_trackside, shared_data):
    server = start_trackside(*replay_args(shared_data), wait_ready=True)
    feeds = [s.labels["feed"] for s in scrape(server)["trackside_feed_reports"].samples]
    assert feeds == ["feed1-123456S"]
    status, headers, body = fetch(server, "/status")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    page = body.decode()
    for feed in feeds:
        assert f"<td>{feed}</td>" in page
    assert "connections" in page and page.rstrip().endswith("</html>")
