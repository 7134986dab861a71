"""`trackside arrivals`: station boards from the real 2024-01-20 feeds, checked station by station
against an independent reference computed here from the same feeds with Google's protobuf bindings."""
import csv
import json
import subprocess
from collections import defaultdict

from google.transit import gtfs_realtime_pb2

SUBWAY_GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
SEVEN_FEEDS = "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"
AT = 1705795698  # the newest feed's header time


def run_arrivals(trackside_bin, *args):
    return subprocess.run([str(trackside_bin), "arrivals", *map(str, args)], capture_output=True, text=True, timeout=300)


def reference_boards(shared_data, feeds):
    """route and direction -> the next three arrivals' whole minutes, per parent station."""
    with open(shared_data / SUBWAY_GTFS / "stops.txt", newline="", encoding="utf-8-sig") as handle:
        parent = {row["stop_id"]: row["parent_station"] or row["stop_id"] for row in csv.DictReader(handle)}
    times = defaultdict(list)
    for path in feeds:
        message = gtfs_realtime_pb2.FeedMessage()
        message.ParseFromString(path.read_bytes())
        seen = set()
        for entity in message.entity:
            if not entity.HasField("trip_update"):
                continue
            update = entity.trip_update
            if update.trip.schedule_relationship == gtfs_realtime_pb2.TripDescriptor.CANCELED:
                continue  # a cancelled trip arrives nowhere
            # Trackside's feed decoding keeps one trip update per trip id, the first (the N-line
            # feed repeats some ids for a rerouted second half): the reference does the same.
            if update.trip.trip_id in seen:
                continue
            seen.add(update.trip.trip_id)
            for stop in update.stop_time_update:
                if stop.schedule_relationship == gtfs_realtime_pb2.TripUpdate.StopTimeUpdate.SKIPPED:
                    continue  # nor does a train at a stop it skips
                arrival = stop.arrival.time if stop.HasField("arrival") and stop.arrival.time else None
                departure = stop.departure.time if stop.HasField("departure") and stop.departure.time else None
                stop_id = stop.stop_id
                if update.trip.route_id == "M" and stop_id == "M11N":
                    stop_id = "M11S"  # the Myrtle Av platform fix of NYCTProfile.correctedStopID
                reaches = arrival if arrival is not None else departure
                leaves = departure if departure is not None else arrival
                if reaches is None or leaves < AT or stop_id not in parent:
                    continue
                key = (parent[stop_id], update.trip.route_id, stop_id[-1])
                times[key].append(max(reaches, AT))
    boards = defaultdict(dict)
    for (station, route, direction), found in times.items():
        boards[station][(route, direction)] = [(t - AT) // 60 for t in sorted(found)[:3]]
    return boards


def test_every_station_matches_the_reference(trackside_bin, shared_data):
    feeds = sorted((shared_data / SEVEN_FEEDS).glob("*.pb"))
    result = run_arrivals(trackside_bin, "--gtfs", shared_data / SUBWAY_GTFS, "--at", AT, *feeds)
    assert result.returncode == 0, result.stderr
    boards = json.loads(result.stdout)
    expected = reference_boards(shared_data, feeds)

    ids = [board["station"] for board in boards]
    assert ids == sorted(ids) and len(ids) > 400
    compared = 0
    for board in boards:
        assert board["type"] == "arrivals" and board["ts"] == AT
        got = {(g["route"], g["direction"]): [a["minutes"] for a in g["arrivals"]] for g in board["groups"]}
        assert got == expected.get(board["station"], {}), board["station"]
        for group in board["groups"]:
            assert 1 <= len(group["arrivals"]) <= 3
            for arrival in group["arrivals"]:
                assert arrival["time"] >= AT and arrival["due"] == (arrival["time"] - AT < 30)
            compared += len(group["arrivals"])
    assert compared > 1000
    # Every station the reference has trains for is on Trackside's list.
    assert set(expected) <= set(ids)


def test_one_station_and_unknown_station(trackside_bin, shared_data):
    feeds = sorted((shared_data / SEVEN_FEEDS).glob("*.pb"))
    result = run_arrivals(trackside_bin, "--gtfs", shared_data / SUBWAY_GTFS, "--at", AT, "--station", "127", *feeds)
    assert result.returncode == 0, result.stderr
    board = json.loads(result.stdout)
    assert board["station"] == "127" and {g["route"] for g in board["groups"]} >= {"1", "2", "3"}
    assert all(g.get("headsign") for g in board["groups"])

    missing = run_arrivals(trackside_bin, "--gtfs", shared_data / SUBWAY_GTFS, "--station", "nope", *feeds)
    assert missing.returncode == 2 and "no station nope" in missing.stderr
