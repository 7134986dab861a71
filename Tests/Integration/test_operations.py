"""Operations routes of `trackside serve`: /healthz, /readyz and /metrics, the latter parsed by the
official Prometheus client's text parser."""

import json
import time
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import connect

from trackside_api import replay_args

MANHATTAN = [-74.02, 40.70, -73.93, 40.80]


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
    """The one sample of `family` with exactly `labels` (counters' samples carry the `_total` suffix)."""
    [sample] = [s for s in family.samples if s.labels == labels and s.name in (family.name, family.name + "_total")]
    return sample.value


def wait_for(condition, timeout, what):
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result or time.monotonic() > deadline:
            assert result, f"{what} within {timeout} s"
            return result
        time.sleep(0.2)


def scrape_if(server, condition):
    """A scrape when `condition(families)` holds, else None."""
    families = scrape(server)
    return families if condition(families) else None


def test_probes_and_metrics_on_a_replay(start_trackside, shared_data):
    server = start_trackside(*replay_args(shared_data))
    status, _, body = fetch(server, "/healthz")
    assert (status, json.loads(body)) == (200, {"status": "ok"})
    server.wait_ready()
    families = wait_for(lambda: scrape_if(server, lambda f: sum(s.value for s in f["trackside_vehicles"].samples)),
                        20, "a tick placing vehicles")

    expected_types = {
        "trackside_feed_reports": "counter", "trackside_feed_duplicates": "counter",
        "trackside_feed_failures": "counter", "trackside_feed_age_seconds": "gauge", "trackside_feed_stale": "gauge",
        "trackside_feed_fetches": "counter", "trackside_feed_errors": "counter",
        "trackside_feed_http_errors": "counter", "trackside_feed_bytes": "counter",
        "trackside_feed_last_success_age_seconds": "gauge", "trackside_feed_decode_duration_seconds": "histogram",
        "trackside_tick_duration_seconds": "histogram", "trackside_vehicles": "gauge",
        "trackside_push_connections": "gauge", "trackside_push_connections_accepted": "counter",
        "trackside_push_subscriptions": "gauge", "trackside_push_watches": "gauge",
        "trackside_push_regions": "gauge", "trackside_push_seq": "gauge",
        "trackside_push_messages_received": "counter", "trackside_push_messages_sent": "counter",
        "trackside_push_payload_bytes": "counter", "trackside_push_sent_bytes": "counter",
        "trackside_push_compression_ratio": "gauge", "trackside_push_dropped_messages": "counter",
        "trackside_push_stalled_clients": "counter", "trackside_push_rate_limited": "counter",
        "trackside_push_closed": "counter", "trackside_push_tick_to_socket_seconds": "histogram",
        "process_resident_memory_bytes": "gauge", "process_open_fds": "gauge",
        "process_start_time_seconds": "gauge", "trackside_uptime_seconds": "gauge",
    }
    assert {name: families[name].type for name in expected_types if name in families} == expected_types

    feeds = {s.labels["feed"]: s.value for s in families["trackside_feed_reports"].samples}
    assert list(feeds) == ["feed1-123456S"] and feeds["feed1-123456S"] >= 1
    assert {s.labels["feed"] for s in families["trackside_feed_stale"].samples} == set(feeds)
    assert value(families["trackside_feed_fetches"], feed="feed1-123456S") >= 1
    assert value(families["trackside_feed_bytes"], feed="feed1-123456S") > 10_000
    assert 0 <= value(families["trackside_feed_last_success_age_seconds"], feed="feed1-123456S") < 60
    errors = {s.labels["kind"]: s.value for s in families["trackside_feed_errors"].samples}
    assert errors == {kind: 0 for kind in ("http", "timeout", "network", "decode", "empty", "stale")}
    assert_histogram(families["trackside_feed_decode_duration_seconds"], feed="feed1-123456S")
    assert assert_histogram(families["trackside_tick_duration_seconds"]) >= 1
    assert {(s.labels["kind"], s.labels["status"]) for s in families["trackside_vehicles"].samples} == {
        (kind, status) for kind in ("subway", "rail", "tram", "bus", "trolleybus", "ferry", "monorail", "cable_car",
                                    "gondola", "funicular") for status in ("stopped", "moving", "unknown")}
    assert value(families["process_resident_memory_bytes"]) > 10 << 20
    assert value(families["process_open_fds"]) >= 4
    assert 0 <= value(families["trackside_uptime_seconds"]) < 120
    assert value(families["trackside_push_connections"]) == 0
    assert value(families["trackside_push_compression_ratio"]) == 1
    assert assert_histogram(families["trackside_push_tick_to_socket_seconds"]) == 0

    status, _, body = fetch(server, "/readyz")
    readiness = json.loads(body)
    assert [feed["id"] for feed in readiness["feeds"]] == ["feed1-123456S"]
    assert set(readiness["stale"]) <= set(feeds)
    assert status == (200 if readiness["ready"] else 503)
    assert readiness["ready"] == (readiness["stale"] == []) and readiness["static"] is True


def test_push_metrics_count_a_client(start_trackside, shared_data):
    """One deflate client subscribes to Manhattan, receives ticks, floods subscribes, watches a station and
    closes with 1000: every push family moves accordingly."""
    server = start_trackside(*replay_args(shared_data), "--tick", "0.5", wait_ready=True)
    with connect(f"ws://{server.host}:{server.port}/ws", compression="deflate", open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "hello"
        socket.send(json.dumps({"op": "subscribe", "bbox": MANHATTAN}))
        assert json.loads(socket.recv(timeout=10))["type"] == "snapshot"
        socket.send(json.dumps({"op": "watch", "station": "127"}))
        deltas = 0
        while deltas < 3:
            deltas += json.loads(socket.recv(timeout=10))["type"] == "delta"
        # The burst allows 10 subscribes at once: the 12 that follow the first cannot all pass.
        for _ in range(12):
            socket.send(json.dumps({"op": "subscribe", "bbox": MANHATTAN}))
        wait_for(lambda: value(scrape(server)["trackside_push_rate_limited"]) >= 1, 10, "a rate-limited subscribe")
        families = scrape(server)
        assert value(families["trackside_push_connections"]) == 1
        assert value(families["trackside_push_connections_accepted"]) == 1
        assert value(families["trackside_push_subscriptions"]) == 1 and value(families["trackside_push_regions"]) == 1
        assert value(families["trackside_push_watches"]) == 1
        assert value(families["trackside_push_messages_received"]) == 14
        sent = value(families["trackside_push_messages_sent"])
        assert sent >= 5  # hello, snapshot, three deltas
        payload, wire = value(families["trackside_push_payload_bytes"]), value(families["trackside_push_sent_bytes"])
        assert wire > 0 and payload > 0
        # The Manhattan snapshot is kilobytes of JSON: deflate shrinks what goes on the wire.
        assert value(families["trackside_push_compression_ratio"]) == wire / payload < 1
        assert assert_histogram(families["trackside_push_tick_to_socket_seconds"]) >= 3
        assert value(families["trackside_push_dropped_messages"]) == 0
        assert value(families["trackside_push_stalled_clients"]) == 0
        socket.close(code=1000)
    families = wait_for(lambda: scrape_if(server, lambda f: value(f["trackside_push_connections"]) == 0),
                        10, "the push connection gone")
    assert {s.labels["code"]: s.value for s in families["trackside_push_closed"].samples} == {"1000": 1}


def assert_histogram(family, **labels):
    """Checks a histogram's series with `labels`: cumulative buckets ending in +Inf == _count; returns _count."""
    samples = [s for s in family.samples if all(s.labels.get(k) == v for k, v in labels.items())]
    buckets = [(s.labels["le"], s.value) for s in samples if s.name.endswith("_bucket")]
    counts = [s.value for s in samples if s.name.endswith("_count")]
    sums = [s.value for s in samples if s.name.endswith("_sum")]
    assert len(counts) == 1 and len(sums) == 1 and buckets, family
    values = [v for _, v in buckets]
    assert values == sorted(values) and buckets[-1] == ("+Inf", counts[0])
    assert sums[0] >= 0 and (counts[0] > 0) == (sums[0] > 0)
    return counts[0]


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
