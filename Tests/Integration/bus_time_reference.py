"""An independent reading of Bus Time SIRI responses and the bus stop boards docs/PROTOCOL.md describes, for the
end-to-end suites to compare the server's boards with."""
import datetime
import math
import time

from trackside_api import get_with_status

# In ../shared/data: the subway and Manhattan bus GTFS, and a recorded all-lines Bus Time snapshot.
SUBWAY_GTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
BUS_GTFS = "bus-gtfs/manhattan-2020-04_no-stop_times"
VM_FILE = "bus-siri/vehicle-monitoring/vm_all-lines_20170225T154233.json.gz"


def local_id(reference):
    """`MTA NYCT_M2` → `M2`: Bus Time references carry an agency prefix before the first `_`."""
    return reference.split("_", 1)[1] if "_" in reference else reference


def seconds(text):
    return datetime.datetime.fromisoformat(text).timestamp() if text else None


def journey_calls(journey, calls):
    """The reference's reading of one journey's calls, each stop visit once."""
    seen = set()
    result = []
    for call in calls:
        key = (call["StopPointRef"], call.get("VisitNumber", 1))
        if key in seen:
            continue
        seen.add(key)
        distances = (call.get("Extensions") or {}).get("Distances") or {}
        result.append({
            "stop": local_id(call["StopPointRef"]), "vehicle": journey["VehicleRef"], "route": local_id(journey["LineRef"]),
            "trip": local_id((journey.get("FramedVehicleJourneyRef") or {}).get("DatedVehicleJourneyRef") or journey["VehicleRef"]),
            "direction": journey.get("DirectionRef"), "headsign": journey.get("DestinationName"),
            "arrival": seconds(call.get("ExpectedArrivalTime") or call.get("AimedArrivalTime")),
            "departure": seconds(call.get("ExpectedDepartureTime")),
            "metres": distances.get("DistanceFromCall"), "away": distances.get("PresentableDistance"),
            "stops_away": distances.get("StopsFromCall"),
        })
    return result


def siri_calls(document):
    """Every call of a SIRI VehicleMonitoring or StopMonitoring document."""
    delivery = document["Siri"]["ServiceDelivery"]
    calls = []
    for monitoring in delivery.get("VehicleMonitoringDelivery", []):
        for activity in monitoring.get("VehicleActivity", []):
            journey = activity["MonitoredVehicleJourney"]
            onward = (journey.get("OnwardCalls") or {}).get("OnwardCall", [])
            calls += journey_calls(journey, ([journey["MonitoredCall"]] if journey.get("MonitoredCall") else []) + onward)
    for monitoring in delivery.get("StopMonitoringDelivery", []):
        for visit in monitoring.get("MonitoredStopVisit", []):
            journey = visit["MonitoredVehicleJourney"]
            calls += journey_calls(journey, [journey["MonitoredCall"]] if journey.get("MonitoredCall") else [])
    return calls


def reference_groups(calls, stop, ts):
    """The board of `stop` at `ts` as docs/PROTOCOL.md describes it: buses still to come (or without a
    prediction) by route and direction, soonest first, untimed ones after them nearest first, three each."""
    by_bus = {}
    for call in calls:
        leaves = call["departure"] if call["departure"] is not None else call["arrival"]
        if call["stop"] == stop and not (leaves is not None and leaves < ts):
            by_bus[(call["vehicle"], call["stop"])] = call
    groups = {}
    for call in by_bus.values():
        groups.setdefault((call["route"], call["direction"] or stop), []).append(call)
    result = []
    for (route, direction), found in sorted(groups.items()):
        def order(call):
            time_ = max(call["arrival"], ts) if call["arrival"] is not None else math.inf
            return (time_, call["metres"] if call["metres"] is not None else math.inf, call["trip"])
        soonest = sorted(found, key=order)[:3]
        arrivals = []
        for call in soonest:
            arrival = {}
            if call["arrival"] is not None:
                at = max(call["arrival"], ts)
                arrival["time"] = math.floor(at)
                arrival["minutes"] = math.floor((at - ts) / 60)
                arrival["due"] = at - ts < 60
            else:
                arrival["due"] = call["away"] in ("approaching", "at stop")
            if call["away"] is not None:
                arrival["away"] = call["away"]
            if call["stops_away"] is not None:
                arrival["stops_away"] = call["stops_away"]
            arrivals.append(arrival)
        group = {"route": route, "direction": direction, "arrivals": arrivals}
        if soonest[0]["headsign"]:
            group["headsign"] = soonest[0]["headsign"]
        result.append(group)
    return result


def wait_for_feed(server, feed, timeout=60.0):
    """Polls /api/feeds until `feed` has an accepted report: the server may be listening before it read it."""
    deadline = time.monotonic() + timeout
    while True:
        status, body = get_with_status(server, "/api/feeds")
        if any(f["id"] == feed and f["accepted"] >= 1 for f in body["feeds"]):
            return
        assert time.monotonic() < deadline, f"{feed} never accepted: {body}"
        time.sleep(0.2)


