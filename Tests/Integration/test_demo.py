"""`swift run trackside` with no arguments: the offline demo, alive at any hour, with moving trains."""
import json
import time
import urllib.request

# Manhattan and the west Bronx, where the 1 and 2 run (within the 30 km bbox limit).
NYC = "-74.03,40.69,-73.86,40.90"


def get_json(server, path):
    with urllib.request.urlopen(server.base_url + path, timeout=10) as response:
        return json.load(response)


def test_no_arguments_serves_the_demo_with_moving_trains(start_trackside):
    server = start_trackside(command=None, wait_ready=True)
    assert get_json(server, "/api/config")["source"] == "demo"

    # Ready means the first simulated feed was accepted; the tick it woke places it at once.
    deadline = time.monotonic() + 10
    vehicles = []
    while time.monotonic() < deadline and not vehicles:
        vehicles = get_json(server, f"/api/vehicles?bbox={NYC}")["vehicles"]
        time.sleep(0.2)
    assert vehicles, "no vehicles within 10 s of being ready"
    assert {v["route"] for v in vehicles} <= {"1", "2"}
    # A moving train carries the segment clients animate it along, except when there is less than a
    # metre left to run (a later prediction holds it short of the next station): none to animate.
    moving = {v["id"]: v for v in vehicles if v["status"] == "moving" and "seg" in v}
    assert moving, "the 1 and 2 run around the clock: some trains must be between stations"
    for vehicle in moving.values():
        segment = vehicle["seg"]
        assert segment["t0"] < segment["t1"] and len(segment["path"]) >= 2

    # Between ticks a train runs along its segment (clients animate it by time), so the server
    # republishes it only when that changes: at a station, or with a new prediction. Within 30 s
    # some of the trains must have done so.
    deadline = time.monotonic() + 30
    advanced = []
    while time.monotonic() < deadline and not advanced:
        time.sleep(1)
        later = {v["id"]: v for v in get_json(server, f"/api/vehicles?bbox={NYC}")["vehicles"]}
        advanced = [i for i, v in moving.items() if i in later and
                    ((later[i]["lat"], later[i]["lon"]) != (v["lat"], v["lon"]) or later[i].get("seg") != v["seg"])]
    assert advanced, f"none of {len(moving)} moving trains advanced in 30 s"
    feeds = get_json(server, "/api/feeds")["feeds"]
    # The simulator publishes its trains and its (demo) alerts as two feeds, like the MTA.
    assert [f["id"] for f in feeds] == ["demo-alerts", "demo-subway"]
    assert all(not f["stale"] and f["failures"] == 0 for f in feeds), feeds


def test_sim_source_refuses_a_feed_without_stop_times(trackside_bin, shared_data, tmp_path):
    import subprocess
    result = subprocess.run([str(trackside_bin), "serve", "--port", "0", "--source", "sim", "--gtfs",
                             str(shared_data / "nyc-subway-gtfs" / "2018-11_full-except-stop_times")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "stop_times" in result.stderr
