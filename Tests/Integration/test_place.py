"""`trackside place`: vehicle states computed from real recorded feeds, checked against an
independent decode of the same feeds with Google's protobuf bindings."""
import json
import subprocess

from google.transit import gtfs_realtime_pb2

SUBWAY_GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
SEVEN_FEEDS = "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"


def run_place(trackside_bin, *args):
    return subprocess.run([str(trackside_bin), "place", *map(str, args)], capture_output=True, text=True, timeout=300)


def test_places_every_running_train_of_the_seven_feeds(trackside_bin, shared_data):
    feeds = sorted((shared_data / SEVEN_FEEDS).glob("*.pb"))
    at = 1705795698  # the newest feed's header time
    result = run_place(trackside_bin, "--gtfs", shared_data / SUBWAY_GTFS, "--at", at, "--coverage", *feeds)
    assert result.returncode == 0, result.stderr
    states = json.loads(result.stdout)

    # The reference: every trip that still has stops ahead, read with Google's bindings.
    expected = set()
    for path in feeds:
        message = gtfs_realtime_pb2.FeedMessage()
        message.ParseFromString(path.read_bytes())
        for entity in message.entity:
            if entity.HasField("trip_update") and len(entity.trip_update.stop_time_update) > 0:
                expected.add(entity.trip_update.trip.trip_id)
    ids = [state["id"] for state in states]
    assert ids == sorted(ids) and len(ids) == len(set(ids))
    # Two trains running one N trip id at once (a Ditmars Blvd and a 96 St half) are two vehicles.
    for trip in ("115200_N..S", "117600_N..S"):
        assert len([state for state in states if state["trip"] == trip]) == 2, trip
    missing = expected - {state["trip"] for state in states}
    assert len(missing) <= 0.05 * len(expected), f"{len(missing)} of {len(expected)} not placed: {sorted(missing)[:10]}"

    for state in states:
        assert state["kind"] == "subway"
        assert 40.49 < state["lat"] < 40.92 and -74.27 < state["lon"] < -73.68, state
        assert round(state["lat"], 5) == state["lat"] and round(state["lon"], 5) == state["lon"]
        assert 0 <= state["bearing"] < 360
        assert state["status"] in ("stopped", "moving")
        assert state["src"] == "inferred"
        if state["status"] == "moving" and "seg" in state:
            segment = state["seg"]
            assert segment["t0"] == at and segment["t1"] > at
            assert len(segment["path"]) >= 2
    assert sum(state["status"] == "moving" for state in states) > 100

    # The coverage table on stderr: a header, one row per route, the total.
    rows = [line.split("\t") for line in result.stderr.strip().splitlines()]
    assert rows[0] == ["route", "exact", "fallback", "none"]
    total = rows[-1]
    assert total[0] == "total" and int(total[3]) == 0
    assert int(total[1]) + int(total[2]) >= len(expected)


def test_bad_input_is_one_line_and_status_2(trackside_bin, shared_data, tmp_path):
    garbage = tmp_path / "garbage.pb"
    garbage.write_bytes(bytes(range(256)) * 8)
    result = run_place(trackside_bin, "--gtfs", shared_data / SUBWAY_GTFS, garbage)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "garbage.pb" in result.stderr

    result = run_place(trackside_bin, garbage)
    assert result.returncode == 2 and "--gtfs" in result.stderr

    result = run_place(trackside_bin, "--gtfs", tmp_path / "nowhere", garbage)
    assert result.returncode == 2 and result.stdout == ""


def test_places_buses_from_a_siri_snapshot(trackside_bin, shared_data):
    snapshot = shared_data / "bus-siri/vehicle-monitoring/vm_all-lines_20170225T154233.json.gz"
    result = run_place(trackside_bin, "--gtfs", shared_data / "bus-gtfs/manhattan-2020-04_no-stop_times", snapshot)
    assert result.returncode == 0, result.stderr
    states = json.loads(result.stdout)
    assert len(states) == 2311
    assert all(state["kind"] == "bus" and state["src"] == "gps" for state in states)
    assert all(state.get("dir") in (None, "0", "1") for state in states)
    m15 = [state for state in states if state["route"] == "M15"]
    assert m15 and all(state["status"] in ("moving", "stopped") and 0 <= state["bearing"] < 360 for state in m15)
