extension GTFSFeed {
    /// The feed's own station entrances: `stops.txt` rows of `location_type` 2 with a
    /// `parent_station`, each leading to that station. Step-free where `wheelchair_boarding` says
    /// 1 (and not where it says 2); where it says nothing, where `pathways.txt` leads from the
    /// entrance to a platform without stairs or escalators (`SubwayEntrance.gtfsElevatorEntrance`
    /// when only an elevator does). Empty for a feed without any (the MTA's subway GTFS has none:
    /// its entrances are the `--entrances` dataset).
    public var entrances: [SubwayEntrance] {
        let links = pathwayLinks
        return stops.rows.compactMap { stop in
            guard stop.locationType == .entrance, let parent = stop.parentStationID, !parent.isEmpty,
                  stop.latitude.isFinite, stop.longitude.isFinite, abs(stop.latitude) <= 90, abs(stop.longitude) <= 180 else {
                return nil
            }
            let route = stepFreeRoute(from: stop.id, links: links)
            let stepFree = stop.wheelchairBoarding == 1 || (stop.wheelchairBoarding != 2 && route?.stepFree == true)
            let type = !stepFree ? SubwayEntrance.gtfsEntrance
                : route?.byElevator == true ? SubwayEntrance.gtfsElevatorEntrance : SubwayEntrance.gtfsStepFreeEntrance
            return SubwayEntrance(stopIDs: [parent], type: type, latitude: stop.latitude, longitude: stop.longitude)
        }
    }
}
