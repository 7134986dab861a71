"""ADA (step-free access) of stations in `/api/stations` and `/api/stations/{id}`, from GTFS
`wheelchair_boarding`. No subway GTFS in ../shared/data has the column, so its stations carry no `ada`;
the LIRR's stops.txt (../shared/pypi-data) does, and is served here from a temporary feed folder; the subway
gets its access from the MTA's Subway Stations table with `--station-access`."""
import csv
import shutil
import subprocess

import pytest

from trackside_api import GTFS, REPLAY, get_json

LIRR_STOPS = "pypi-data/lirr-gtfs_nyctrains/stops-lirr.txt"
WORDS = {"1": "accessible", "2": "inaccessible"}


@pytest.fixture
def lirr_server(start_trackside, shared_data, tmp_path):
    stops = shared_data.parent / LIRR_STOPS
    assert stops.exists(), f"{stops} is missing (../shared/pypi-data comes with ../shared/data)"
    feed = tmp_path / "lirr"
    feed.mkdir()
    shutil.copy(stops, feed / "stops.txt")
    shutil.copy(stops.with_name("routes-lirr.txt"), feed / "routes.txt")
    # Any feed source will do: the LIRR network has no trains of the replay, only its stations matter.
    server = start_trackside("--source", f"replay:{shared_data / REPLAY}", "--gtfs", feed)
    with open(stops, newline="", encoding="utf-8-sig") as handle:
        expected = {row["stop_id"]: WORDS.get(row["wheelchair_boarding"]) for row in csv.DictReader(handle)}
    return server, expected


def test_lirr_stations_carry_their_wheelchair_boarding(lirr_server):
    server, expected = lirr_server
    features = get_json(server, "/api/stations")["features"]
    got = {feature["properties"]["id"]: feature["properties"].get("ada") for feature in features}
    assert got == expected
    assert sorted(set(got.values())) == ["accessible", "inaccessible"]

    inaccessible = sorted(stop for stop, access in expected.items() if access == "inaccessible")[0]
    details = get_json(server, f"/api/stations/{inaccessible}")
    assert details["ada"] == "inaccessible"
    assert details["platform_ada"] == {inaccessible: "inaccessible"}


def test_subway_without_the_column_has_no_ada(start_trackside, shared_data):
    server = start_trackside("--source", f"replay:{shared_data / REPLAY}", "--gtfs", shared_data / GTFS)
    features = get_json(server, "/api/stations")["features"]
    assert len(features) > 400
    assert not any("ada" in feature["properties"] for feature in features)
    details = get_json(server, "/api/stations/127")
    assert "ada" not in details and "platform_ada" not in details


STATIONS_TABLE = "entrances/MTA_Subway_Stations_2025.csv"


def test_mta_station_table_fills_in_the_subway(start_trackside, shared_data):
    """`--station-access`: the MTA's Subway Stations table (ADA 0/1/2 and per-direction flags) gives the
    2018 subway GTFS, which has no wheelchair_boarding, its stations' access."""
    table = shared_data / STATIONS_TABLE
    server = start_trackside("--source", f"replay:{shared_data / REPLAY}", "--gtfs", shared_data / GTFS,
                             "--station-access", table)
    with open(table, newline="", encoding="utf-8-sig") as handle:
        rows = {row["GTFS Stop ID"]: row for row in csv.DictReader(handle)}
    features = get_json(server, "/api/stations")["features"]
    got = {feature["properties"]["id"]: feature["properties"].get("ada") for feature in features}

    def platforms(station):
        """Each platform's access by the table's per-direction flags; None for a station the table lacks."""
        if station not in rows:
            return [None]
        return ["accessible" if rows[station][f"ADA {side}"] == "1" else "inaccessible" for side in ("Northbound", "Southbound")]

    def complex_access(members):
        """One station's ADA value; a complex's from all its platforms: mixed is partial, one unknown unknown."""
        if len(members) == 1 and members[0] in rows:
            return {"0": "inaccessible", "1": "accessible", "2": "partial"}[rows[members[0]]["ADA"]]
        found = [access for member in members for access in platforms(member)]
        if {"accessible", "inaccessible"} <= set(found):
            return "partial"
        return found[0] if None not in found and len(set(found)) == 1 else None

    expected = {f["properties"]["id"]: complex_access(f["properties"]["stations"]) for f in features}
    assert got == expected
    # More partial stations than the table has: a complex joining step-free and other stations is partial.
    assert sum(access == "partial" for access in got.values()) > 8

    # 49 St: step-free uptown only.
    details = get_json(server, "/api/stations/R15")
    assert details["ada"] == "partial"
    assert details["platform_ada"] == {"R15N": "accessible", "R15S": "inaccessible"}


def test_a_bad_station_table_stops_the_server_with_a_clear_error(trackside_bin, shared_data, tmp_path):
    bad = tmp_path / "stations.csv"
    bad.write_text("GTFS Stop ID,ADA,ADA Northbound,ADA Southbound\n127,7,1,1\n")
    result = subprocess.run([str(trackside_bin), "serve", "--port", "0", "--source", f"replay:{shared_data / REPLAY}",
                             "--gtfs", str(shared_data / GTFS), "--station-access", str(bad)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "stations.csv" in result.stderr and "ADA must be 0, 1 or 2" in result.stderr
