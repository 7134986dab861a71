"""ADA (step-free access) of stations in `/api/stations` and `/api/stations/{id}`, from GTFS
`wheelchair_boarding`. No subway GTFS in ../shared/data has the column, so its stations carry no `ada`;
the LIRR's stops.txt (../shared/pypi-data) does, and is served here from a temporary feed folder."""
import csv
import shutil

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
