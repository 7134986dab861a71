"""`trackside arrivals`: station boards from the real 2024-01-20 feeds, checked station by station
against an independent reference computed here from the same feeds with Google's protobuf bindings.

No PyPI package's compiled classes can share a process with gtfs-realtime-bindings, so the NYCT
extension's two messages used here (us-ny-mta-trips-extension.proto: NyctTripDescriptor.train_id,
NyctStopTimeUpdate.scheduled_track/actual_track) are declared below and read from the unknown
field 1001 of each TripDescriptor and StopTimeUpdate.
"""
import contextlib
import csv
import json
import math
import pathlib
import subprocess
import urllib.request
from collections import Counter, defaultdict

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, unknown_fields
from google.transit import gtfs_realtime_pb2

SUBWAY_GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
SEVEN_FEEDS = "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"
AT = 1705795698  # the newest feed's header time


def nyct_extension_classes():
    fields = descriptor_pb2.FieldDescriptorProto
    file = descriptor_pb2.FileDescriptorProto(name="nyct_reference.proto", package="trackside_reference")
    trip = file.message_type.add(name="NyctTripDescriptor")
    trip.field.add(name="train_id", number=1, type=fields.TYPE_STRING, label=fields.LABEL_OPTIONAL)
    stop = file.message_type.add(name="NyctStopTimeUpdate")
    stop.field.add(name="scheduled_track", number=1, type=fields.TYPE_STRING, label=fields.LABEL_OPTIONAL)
    stop.field.add(name="actual_track", number=2, type=fields.TYPE_STRING, label=fields.LABEL_OPTIONAL)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    return [message_factory.GetMessageClass(pool.FindMessageTypeByName(f"trackside_reference.{name}"))
            for name in ("NyctTripDescriptor", "NyctStopTimeUpdate")]


NyctTripDescriptor, NyctStopTimeUpdate = nyct_extension_classes()


def nyct_extension(message, extension_class):
    for field in unknown_fields.UnknownFieldSet(message):
        if field.field_number == 1001:
            return extension_class.FromString(field.data)
    return extension_class()


def track(stop_time_update):
    """NYCT actual_track, else scheduled_track, else None."""
    tracks = nyct_extension(stop_time_update, NyctStopTimeUpdate)
    return tracks.actual_track or tracks.scheduled_track or None


def trip_identity(trip):
    """A realtime trip is its trip id, start date and NYCT train id: the N/Q/R/W feed runs two trains
    under one trip id at once, and both arrive."""
    return trip.trip_id, trip.start_date, nyct_extension(trip, NyctTripDescriptor).train_id


def read_feed(path):
    message = gtfs_realtime_pb2.FeedMessage()
    message.ParseFromString(path.read_bytes())
    return message


def run_arrivals(trackside_bin, *args):
    return subprocess.run([str(trackside_bin), "arrivals", *map(str, args)], capture_output=True, text=True, timeout=300)


GROUPING = pathlib.Path(__file__).resolve().parents[2] / "Data" / "stations" / "mta-subway_stations.json"


def distance_m(lat1, lon1, lat2, lon2):
    """Great-circle metres (haversine on a 6,371 km sphere): ample for the 1 km guard below."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6_371_000 * math.asin(math.sqrt(a))


def complexes(shared_data, grouping=True, gtfs=SUBWAY_GTFS):
    """stop id -> its station complex's id: parent stations joined by the bundled grouping (a member more than 1 km
    from its group's location is left out) and by transfers.txt's transfers between two stations (all in-station in
    this feed), each complex named by its smallest station id."""
    with open(shared_data / gtfs / "stops.txt", newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    parent = {row["stop_id"]: row["parent_station"] or row["stop_id"] for row in rows}
    where = {row["stop_id"]: (float(row["stop_lat"]), float(row["stop_lon"])) for row in rows}
    joined = {station: {station} for station in set(parent.values())}

    def join(a, b):
        if a and b and joined[a] is not joined[b]:
            union = joined[a] | joined[b]
            for station in union:
                joined[station] = union

    if grouping:
        for group in json.loads(GROUPING.read_text()).values():
            lat, lon = group["location"]
            members = [stop for stop in sorted(group["stops"])
                       if stop in joined and distance_m(lat, lon, *where[stop]) <= 1000]
            for member in members[1:]:
                join(members[0], member)
    transfers = shared_data / gtfs / "transfers.txt"
    with open(transfers, newline="", encoding="utf-8-sig") if transfers.exists() else contextlib.nullcontext([]) as handle:
        for row in csv.DictReader(handle):
            if row["transfer_type"] != "3":
                join(parent.get(row["from_stop_id"]), parent.get(row["to_stop_id"]))
    return {stop: min(joined[station]) for stop, station in parent.items()}


def reference_boards(shared_data, feeds):
    """route and direction -> the next three arrivals as (whole minutes, track), per station complex. A train
    whose last stop is in the complex terminates there: it is not a departure (`terminating`, not compared)."""
    parent = complexes(shared_data)
    times = defaultdict(list)
    for path in feeds:
        seen = set()
        for entity in read_feed(path).entity:
            if not entity.HasField("trip_update"):
                continue
            update = entity.trip_update
            if update.trip.schedule_relationship == gtfs_realtime_pb2.TripDescriptor.CANCELED:
                continue  # a cancelled trip arrives nowhere
            if trip_identity(update.trip) in seen:
                continue  # the same train described twice counts once
            seen.add(trip_identity(update.trip))
            calls = [stop.stop_id for stop in update.stop_time_update
                     if stop.schedule_relationship != gtfs_realtime_pb2.TripUpdate.StopTimeUpdate.SKIPPED]
            terminal = parent.get(calls[-1]) if calls else None
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
                if reaches is None or leaves < AT or stop_id not in parent or parent[stop_id] == terminal:
                    continue
                key = (parent[stop_id], update.trip.route_id, stop_id[-1])
                times[key].append((max(reaches, AT), update.trip.trip_id, track(stop)))
    boards = defaultdict(dict)
    for (station, route, direction), found in times.items():
        boards[station][(route, direction)] = [((t - AT) // 60, track) for t, _, track in sorted(found, key=lambda x: x[:2])[:3]]
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
        got = {(g["route"], g["direction"]): [(a["minutes"], a.get("track")) for a in g["arrivals"]]
               for g in board["groups"]}
        assert got == expected.get(board["station"], {}), board["station"]
        for group in board["groups"]:
            assert 1 <= len(group["arrivals"]) <= 3
            for arrival in group["arrivals"]:
                assert arrival["time"] >= AT and arrival["due"] == (arrival["time"] - AT < 60)
            compared += len(group["arrivals"])
    assert compared > 1000
    # Tracks are really compared: nearly every arrival has one, and a few differ from the schedule.
    tracked = sum(1 for board in boards for g in board["groups"] for a in g["arrivals"] if "track" in a)
    assert tracked > 0.99 * compared
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


# The 2021 subway GTFS: stops and trips, no transfers.txt, so only the bundled grouping can join a complex.
STOPS_ONLY_GTFS = "nyc-subway-gtfs/2021-11_stops-trips-only"


@pytest.mark.parametrize("gtfs", [SUBWAY_GTFS, STOPS_ONLY_GTFS])
def test_complexes_are_joined_as_serve_joins_them(trackside_bin, shared_data, start_trackside, gtfs):
    """The offline boards are serve's stations, joined by the bundled grouping and the transfers alike: on a GTFS
    without transfers.txt the grouping alone makes Times Sq one station, and a member's id answers with its
    complex's board under that id, as in serve."""
    feeds = sorted((shared_data / SEVEN_FEEDS).glob("*.pb"))
    result = run_arrivals(trackside_bin, "--gtfs", shared_data / gtfs, "--at", AT, *feeds)
    assert result.returncode == 0, result.stderr
    offline = {board["station"]: board for board in json.loads(result.stdout)}
    server = start_trackside("--source", f"replay:{shared_data / SEVEN_FEEDS}", "--gtfs", shared_data / gtfs)
    with urllib.request.urlopen(server.base_url + "/api/stations", timeout=30) as response:
        served = {f["properties"]["id"]: f["properties"].get("stations", [f["properties"]["id"]])
                  for f in json.load(response)["features"]}
    assert sorted(offline) == sorted(served)
    assert set(offline) == set(complexes(shared_data, gtfs=gtfs).values())
    # Times Sq-42 St: the 1/2/3, 7, N/Q/R/W and S stations and 42 St-Port Authority (A/C/E) in one.
    assert {"127", "725", "902", "R16", "A27"} <= set(served["127"])
    # Trains of three of its member stations (the 7 and the Q have none due at this instant).
    assert {g["route"] for g in offline["127"]["groups"]} >= {"1", "2", "3", "A", "C", "E", "N", "R"}
    if gtfs == STOPS_ONLY_GTFS:
        assert len(complexes(shared_data, grouping=False, gtfs=gtfs).values()) > len(set(offline)) + 40
    member = run_arrivals(trackside_bin, "--gtfs", shared_data / gtfs, "--at", AT, "--station", "A27", *feeds)
    assert member.returncode == 0, member.stderr
    assert json.loads(member.stdout)["station"] == "A27"
    assert json.loads(member.stdout)["groups"] == offline["127"]["groups"]


def test_trains_sharing_a_trip_id_all_arrive(trackside_bin, shared_data):
    """The N/Q/R/W feed runs four trip ids as two trains each (a Ditmars Blvd half and a 96 St half):
    every one of those eight trains is on the boards of the stations it calls at, as in the reference."""
    nqrw = sorted((shared_data / SEVEN_FEEDS).glob("nqrw_*.pb"))
    shared = Counter(entity.trip_update.trip.trip_id for entity in read_feed(nqrw[0]).entity
                     if entity.HasField("trip_update"))
    shared = {trip_id for trip_id, count in shared.items() if count > 1}
    assert shared == {"115200_N..S", "117600_N..S", "118800_N..S", "120000_N..S"}
    trains = {trip_identity(entity.trip_update.trip) for entity in read_feed(nqrw[0]).entity
              if entity.HasField("trip_update") and entity.trip_update.trip.trip_id in shared}
    assert len(trains) == 8

    result = run_arrivals(trackside_bin, "--gtfs", shared_data / SUBWAY_GTFS, "--at", AT, *nqrw)
    assert result.returncode == 0, result.stderr
    expected = reference_boards(shared_data, nqrw)
    # Both halves reach the boards: the Ditmars Blvd one at Astoria, the 96 St one on Second Av.
    assert expected["R01"][("N", "S")] and expected["Q05"][("N", "S")]
    for board in json.loads(result.stdout):
        got = {(g["route"], g["direction"]): [(a["minutes"], a.get("track")) for a in g["arrivals"]]
               for g in board["groups"]}
        assert got == expected.get(board["station"], {}), board["station"]
