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

    /// The type of an entrance from a GTFS feed's `stops.txt` (`GTFSFeed.entrances`), of one
    /// the feed marks wheelchair accessible (`wheelchair_boarding` 1) or whose pathways reach a
    /// platform without steps, and of one whose only step-free route takes an elevator.
    public static let gtfsEntrance = "Entrance"
    public static let gtfsStepFreeEntrance = "Step-free entrance"
    public static let gtfsElevatorEntrance = "Step-free entrance by elevator"

    /// Whether a wheelchair user can use it from the street without steps: an elevator or a
    /// ramp (the dataset has no per-entrance accessibility flag; its type is what it says), or a
    /// GTFS entrance its feed marks accessible.
    public var isStepFree: Bool {
        type.localizedCaseInsensitiveContains("elevator") || type.localizedCaseInsensitiveContains("ramp")
            || type == Self.gtfsStepFreeEntrance
    }

    /// Whether it is a street elevator.
    public var isElevator: Bool { type.localizedCaseInsensitiveContains("elevator") }
}

extension SubwayEntrance {
    /// Reads the dataset in either of the MTA's exports, told by content: GeoJSON (a document
    /// opening with `{`) or CSV (`entrances(csv:file:)`).
    public static func entrances(document data: Data, file: String) throws(GTFSLoadError) -> [SubwayEntrance] {
        let first = data.prefix(64).first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "{") ? try entrances(geoJSON: data, file: file) : try entrances(csv: data, file: file)
    }

    /// Reads the GeoJSON FeatureCollection in `data`; `file` names it in errors. A document that
    /// is not one, too large, or with a feature lacking a stop id, a type or a finite point is
    /// an error: the file is the operator's copy, read once at start.
    public static func entrances(geoJSON data: Data, file: String) throws(GTFSLoadError) -> [SubwayEntrance] {
        let features = try AccessDocument.records(data, member: "features", what: file)
        return try features.enumerated().map { (index, feature) throws(GTFSLoadError) in
            guard let properties = feature["properties"] as? [String: Any] else {
                throw GTFSLoadError("\(file): feature \(index) has no properties")
            }
            let point: (latitude: Double, longitude: Double)? =
                if let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point",
                   let point = geometry["coordinates"] as? [Any], point.count >= 2,
                   let longitude = (point[0] as? NSNumber)?.doubleValue, let latitude = (point[1] as? NSNumber)?.doubleValue {
                    (latitude, longitude)
                } else { nil }
            return try SubwayEntrance(stops: AccessDocument.text(properties, "gtfs_stop_id"),
                                      complexID: AccessDocument.text(properties, "complex_id"),
                                      type: AccessDocument.text(properties, "entrance_type"),
                                      entry: AccessDocument.flag(properties, "entry_allowed"),
                                      exit: AccessDocument.flag(properties, "exit_allowed"),
                                      point: point, record: "\(file): feature \(index)")
        }
    }

    /// One record of either export, checked: a `gtfs_stop_id` naming one to eight stations
    /// (`A32; D20`), a type, and a finite point on the globe; entry and exit allowed unless
    /// the record says no. `record` names it in errors.
    init(stops: String?, complexID: String?, type: String?, entry: Bool?, exit: Bool?,
         point: (latitude: Double, longitude: Double)?, record: String) throws(GTFSLoadError) {
        let stopIDs = (stops ?? "").split(whereSeparator: { $0 == ";" || $0 == "/" || $0 == "," })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !stopIDs.isEmpty, stopIDs.count <= 8 else { throw GTFSLoadError("\(record) has no gtfs_stop_id") }
        guard let type else { throw GTFSLoadError("\(record) has no entrance_type") }
        guard let point, point.latitude.isFinite, point.longitude.isFinite,
              abs(point.latitude) <= 90, abs(point.longitude) <= 180 else {
            throw GTFSLoadError("\(record) is not a point with finite coordinates")
        }
        self.init(stopIDs: stopIDs, complexID: complexID, type: type, entryAllowed: entry ?? true, exitAllowed: exit ?? true,
                  latitude: point.latitude, longitude: point.longitude)
    }
}
