"""`trackside alerts` against an independent reading with Google's protobuf classes (alerts_reference.py)."""
import collections
import json
import subprocess

import pytest

import alerts_reference

FEED = "alerts/mta_subway_alerts_20240120T185938.pb"
STOPS = "nyc-subway-gtfs/2025-08_no-shapes-no-stop_times"


def trackside_alerts(binary, shared_data, *options):
    result = subprocess.run([str(binary), "alerts", str(shared_data / FEED), "--stops", str(shared_data / STOPS), *options],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("options, shows_no_scheduled_service", [((), False), (("--show-no-scheduled-service",), True)])
def test_counts_by_type_and_route_match_the_reference(trackside_bin, shared_data, options, shows_no_scheduled_service):
    ours = trackside_alerts(trackside_bin, shared_data, *options)["alerts"]
    reference = alerts_reference.display_alerts(shared_data / FEED, shows_no_scheduled_service=shows_no_scheduled_service)
    assert len(ours) == len(reference) > 250
    reference_types, reference_routes = alerts_reference.counts(reference)
    assert collections.Counter(a.get("type") for a in ours) == reference_types
    assert collections.Counter(r for a in ours for r in a["routes"]) == reference_routes
    for mine, theirs in zip(ours, reference):
        assert set(mine.get("source_ids", [mine["id"]])) == set(theirs["ids"])
        assert (mine.get("type"), mine["planned"], mine["when"], mine["header"]) == \
            (theirs["type"], theirs["planned"], theirs["when"], theirs["header"])


def test_route_segments_rebuild_the_header(trackside_bin, shared_data):
    for alert in trackside_alerts(trackside_bin, shared_data)["alerts"]:
        rebuilt = "".join(s if isinstance(s, str) else f"[{s['route']}]" for s in alert["header_segments"])
        assert rebuilt == alert["header"]


def test_when_follows_the_clock(trackside_bin, shared_data):
    # A day later, the alerts that were "tomorrow" have started or are later today.
    later = alerts_reference.display_alerts(shared_data / FEED, now=1_705_795_178 + 86_400)
    ours = trackside_alerts(trackside_bin, shared_data, "--at", str(1_705_795_178 + 86_400))["alerts"]
    assert [(a["when"], a.get("type")) for a in ours] == [(a["when"], a["type"]) for a in later]


def test_bad_feed_is_a_usage_error(trackside_bin, tmp_path):
    path = tmp_path / "alerts.pb"
    path.write_bytes(b"\x0a\x05garbage")
    result = subprocess.run([str(trackside_bin), "alerts", str(path)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
