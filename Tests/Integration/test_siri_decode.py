"""`trackside decode --kind siri` against Python's own json and xml readers on real Bus Time files."""
import gzip
import json
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest

SIRI_NAMESPACE = "{http://www.siri.org.uk/siri}"


def decode(binary, path, kind="siri"):
    result = subprocess.run([str(binary), "decode", str(path), "--kind", kind], capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b""
    return json.loads(result.stdout)


def compass(counter_clockwise_from_east):
    return (90 - counter_clockwise_from_east) % 360


def angle_between(a, b):
    delta = (a - b) % 360
    return min(delta, 360 - delta)


def reference_activities(path):
    with (gzip.open(path) if path.name.endswith(".gz") else open(path, "rb")) as handle:
        document = json.load(handle)
    deliveries = document["Siri"]["ServiceDelivery"]["VehicleMonitoringDelivery"]
    return [activity for delivery in deliveries for activity in delivery["VehicleActivity"]]


@pytest.mark.parametrize("relative", [
    "bus-siri/vehicle-monitoring/vm_all-lines_20170307T131415.json.gz",
    "bus-siri/vehicle-monitoring/vm_B9_with-onward-calls_20160223T141603.json",
])
@pytest.mark.parametrize("kind", ["siri", "auto"])
def test_vehicle_monitoring_matches_python_json(trackside_bin, shared_data, relative, kind):
    path = shared_data / relative
    expected = reference_activities(path)
    decoded = decode(trackside_bin, path, kind)
    vehicles = decoded["vehicles"]
    assert decoded["skipped"] == []
    assert len(vehicles) == len(expected) > 0
    for ours, theirs in zip(vehicles, expected):
        journey = theirs["MonitoredVehicleJourney"]
        assert ours["vehicle_ref"] == journey["VehicleRef"]
        assert ours["line_ref"] == journey["LineRef"]
        assert ours["route_id"] == journey["LineRef"].split("_", 1)[1]
        assert ours["direction_ref"] == journey["DirectionRef"]
        assert ours["dated_vehicle_journey_ref"] == journey["FramedVehicleJourneyRef"]["DatedVehicleJourneyRef"]
        assert ours["journey_pattern_ref"] == journey["JourneyPatternRef"]
        assert ours.get("block_ref") == journey.get("BlockRef")
        assert ours.get("progress_status") == journey.get("ProgressStatus")
        assert ours["lat"] == pytest.approx(journey["VehicleLocation"]["Latitude"], abs=1e-6)
        assert ours["lon"] == pytest.approx(journey["VehicleLocation"]["Longitude"], abs=1e-6)
        assert angle_between(ours["bearing"], compass(journey["Bearing"])) < 0.01
        call = journey.get("MonitoredCall")
        if call is None:
            assert "monitored_call" not in ours
        else:
            assert ours["monitored_call"]["stop_point_ref"] == call["StopPointRef"]
            distances = call["Extensions"]["Distances"]
            assert ours["monitored_call"]["distance_from_call"] == pytest.approx(distances["DistanceFromCall"], abs=0.005)
        onward = journey.get("OnwardCalls", {}).get("OnwardCall", [])
        assert [c["stop_point_ref"] for c in ours.get("onward_calls", [])] == [c["StopPointRef"] for c in onward]


def test_recorded_times_keep_their_offsets(trackside_bin, shared_data):
    from datetime import datetime
    path = shared_data / "bus-siri/vehicle-monitoring/vm_B9_with-onward-calls_20160218T142434.json"
    expected = reference_activities(path)
    vehicles = decode(trackside_bin, path)["vehicles"]
    for ours, theirs in zip(vehicles, expected):
        assert ours["recorded_at"] == pytest.approx(datetime.fromisoformat(theirs["RecordedAtTime"]).timestamp(), abs=1e-3)
        arrivals = [datetime.fromisoformat(c["ExpectedArrivalTime"]).timestamp()
                    for c in theirs["MonitoredVehicleJourney"]["OnwardCalls"]["OnwardCall"]]
        assert [c["expected_arrival"] for c in ours["onward_calls"]] == pytest.approx(arrivals, abs=1e-3)


def test_xml_matches_python_elementtree(trackside_bin, shared_data):
    path = shared_data / "bus-siri/vehicle-monitoring/vm_S54_20120919T161905.xml"
    root = ElementTree.parse(path).getroot()
    activities = root.iter(SIRI_NAMESPACE + "VehicleActivity")
    decoded = decode(trackside_bin, path, "auto")
    expected = [(a.findtext(f"{SIRI_NAMESPACE}MonitoredVehicleJourney/{SIRI_NAMESPACE}VehicleRef"),
                 float(a.findtext(f"{SIRI_NAMESPACE}MonitoredVehicleJourney/{SIRI_NAMESPACE}VehicleLocation/{SIRI_NAMESPACE}Latitude")),
                 float(a.findtext(f"{SIRI_NAMESPACE}MonitoredVehicleJourney/{SIRI_NAMESPACE}Bearing")))
                for a in activities]
    assert len(decoded["vehicles"]) == len(expected) == 303
    for ours, (vehicle_ref, latitude, bearing) in zip(decoded["vehicles"], expected):
        assert ours["vehicle_ref"] == vehicle_ref
        assert ours["lat"] == pytest.approx(latitude, abs=1e-6)
        assert angle_between(ours["bearing"], compass(bearing)) < 0.01
    assert len(decoded["situations"]) == len(list(root.iter(SIRI_NAMESPACE + "PtSituationElement")))


def test_stop_monitoring_and_situations(trackside_bin, shared_data):
    visits = decode(trackside_bin, shared_data / "bus-siri/stop-monitoring/sm_B63_20120905T145422.json")["stop_visits"]
    with open(shared_data / "bus-siri/stop-monitoring/sm_B63_20120905T145422.json") as handle:
        expected = json.load(handle)["Siri"]["ServiceDelivery"]["StopMonitoringDelivery"][0]["MonitoredStopVisit"]
    assert [v["vehicle_ref"] for v in visits] == [e["MonitoredVehicleJourney"]["VehicleRef"] for e in expected]
    assert {v["monitored_call"]["stop_point_ref"] for v in visits} == {"MTA NYCT_308209"}

    situations = decode(trackside_bin, shared_data / "bus-siri/situation-exchange/sx_20120926T113742.json")["situations"]
    with open(shared_data / "bus-siri/situation-exchange/sx_20120926T113742.json") as handle:
        delivery = json.load(handle)["Siri"]["ServiceDelivery"]["SituationExchangeDelivery"][0]
    elements = delivery["Situations"]["PtSituationElement"]
    assert [s["situation_number"] for s in situations] == [e["SituationNumber"] for e in elements]
    assert [len(s["affected"]) for s in situations] == \
        [len(e["Affects"]["VehicleJourneys"]["AffectedVehicleJourney"]) for e in elements]


@pytest.mark.parametrize("content, message", [
    (b'{"Siri":{"ServiceDelivery":', "invalid JSON"),
    (b'{"Siri":{"ServiceDelivery":{"ResponseTimestamp":"noon"}}}',
     "Siri.ServiceDelivery.ResponseTimestamp: 'noon' is not an ISO 8601 time with an offset"),
    (b"<Siri><ServiceDelivery>", "invalid XML"),
    (b"\x00\x01garbage", None),
])
def test_bad_input_is_one_line_and_status_2(trackside_bin, tmp_path, content, message):
    path = tmp_path / "feed.json"
    path.write_bytes(content)
    kind = "auto" if content.startswith(b"\x00") else "siri"
    result = subprocess.run([str(trackside_bin), "decode", str(path), "--kind", kind], capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("decode: ")
    if message is not None:
        assert message in lines[0]
