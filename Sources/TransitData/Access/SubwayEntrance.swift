import Foundation

/// One street entrance or exit of a subway station, from the MTA's "Subway Entrances and
/// Exits" dataset (NY Open Data i9wp-a4ja) in its GeoJSON export: a point with
/// `gtfs_stop_id` (the GTFS station it leads to; `A32; D20` for an entrance two stations
/// share), `complex_id` (the MTA's station complex), `entrance_type`, `entry_allowed` and
/// `exit_allowed`.
public struct SubwayEntrance: Hashable, Sendable {
    /// The GTFS stations (parent stop ids) it leads to, at least one.
    public var stopIDs: [String]
    /// The MTA station complex id (not a GTFS id), nil when absent.
    public var complexID: String?
    /// The dataset's type: `Stair`, `Elevator`, `Escalator`, `Ramp`, `Station House`, …
    public var type: String
    public var entryAllowed: Bool
    public var exitAllowed: Bool
    public var latitude: Double
    public var longitude: Double

    public init(stopIDs: [String], complexID: String? = nil, type: String, entryAllowed: Bool = true,
                exitAllowed: Bool = true, latitude: Double, longitude: Double) {
        self.stopIDs = stopIDs
        self.complexID = complexID
        self.type = type
        self.entryAllowed = entryAllowed
        self.exitAllowed = exitAllowed
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether a wheelchair user can use it from the street without steps: an elevator or a
    /// ramp (the dataset has no per-entrance accessibility flag; its type is what it says).
    public var isStepFree: Bool {
        type.localizedCaseInsensitiveContains("elevator") || type.localizedCaseInsensitiveContains("ramp")
    }

    /// Whether it is a street elevator.
    public var isElevator: Bool { type.localizedCaseInsensitiveContains("elevator") }
}

extension SubwayEntrance {
    /// Reads the GeoJSON FeatureCollection in `data`; `file` names it in errors. A document that
    /// is not one, too large, or with a feature lacking a stop id, a type or a finite point is
    /// an error: the file is the operator's copy, read once at start.
    public static func entrances(geoJSON data: Data, file: String) throws(GTFSLoadError) -> [SubwayEntrance] {
        let features = try AccessDocument.records(data, member: "features", what: file)
        return try features.enumerated().map { (index, feature) throws(GTFSLoadError) in
            guard let properties = feature["properties"] as? [String: Any] else {
                throw GTFSLoadError("\(file): feature \(index) has no properties")
            }
            let stops = (AccessDocument.text(properties, "gtfs_stop_id") ?? "")
                .split(whereSeparator: { $0 == ";" || $0 == "/" || $0 == "," })
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !stops.isEmpty, stops.count <= 8 else { throw GTFSLoadError("\(file): feature \(index) has no gtfs_stop_id") }
            guard let type = AccessDocument.text(properties, "entrance_type") else {
                throw GTFSLoadError("\(file): feature \(index) has no entrance_type")
            }
            guard let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point",
                  let point = geometry["coordinates"] as? [Any], point.count >= 2,
                  let longitude = (point[0] as? NSNumber)?.doubleValue, let latitude = (point[1] as? NSNumber)?.doubleValue,
                  latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
                throw GTFSLoadError("\(file): feature \(index) is not a point with finite coordinates")
            }
            return SubwayEntrance(stopIDs: stops, complexID: AccessDocument.text(properties, "complex_id"), type: type,
                                  entryAllowed: AccessDocument.flag(properties, "entry_allowed") ?? true,
                                  exitAllowed: AccessDocument.flag(properties, "exit_allowed") ?? true,
                                  latitude: latitude, longitude: longitude)
        }
    }
}
