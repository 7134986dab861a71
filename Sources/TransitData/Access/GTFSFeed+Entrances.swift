extension GTFSFeed {
    /// The feed's own station entrances: `stops.txt` rows of `location_type` 2 with a
    /// `parent_station`, each leading to that station, typed `SubwayEntrance.gtfsEntrance`, or
    /// `gtfsStepFreeEntrance` where `wheelchair_boarding` is 1. Empty for a feed without any
    /// (the MTA's subway GTFS has none: its entrances are the `--entrances` dataset).
    public var entrances: [SubwayEntrance] {
        stops.rows.compactMap { stop in
            guard stop.locationType == .entrance, let parent = stop.parentStationID, !parent.isEmpty,
                  stop.latitude.isFinite, stop.longitude.isFinite, abs(stop.latitude) <= 90, abs(stop.longitude) <= 180 else {
                return nil
            }
            return SubwayEntrance(stopIDs: [parent],
                                  type: stop.wheelchairBoarding == 1 ? SubwayEntrance.gtfsStepFreeEntrance : SubwayEntrance.gtfsEntrance,
                                  latitude: stop.latitude, longitude: stop.longitude)
        }
    }
}
