/// One scheduled journey of a vehicle along a route (`trips.txt`).
public struct GTFSTrip: Hashable, Sendable, Identifiable {
    /// `trip_id`, e.g. `AFA18GEN-1037-Sunday-00_000600_1..S03R`.
    public var id: String
    /// `route_id`.
    public var routeID: String
    /// `service_id`: the calendar entry saying on which days the trip runs.
    public var serviceID: String
    /// `trip_headsign`, the destination shown to riders.
    public var headsign: String?
    /// `trip_short_name`.
    public var shortName: String?
    /// `direction_id`: 0 or 1, meaning whatever the agency chose (MTA: 0 northbound, 1 southbound).
    public var directionID: Int?
    /// `block_id`.
    public var blockID: String?
    /// `shape_id`; nil when blank (the MTA leaves it blank on about a fifth of subway trips).
    public var shapeID: String?

    /// A trip with the given fields.
    public init(id: String, routeID: String, serviceID: String, headsign: String? = nil, shortName: String? = nil,
                directionID: Int? = nil, blockID: String? = nil, shapeID: String? = nil) {
        self.id = id
        self.routeID = routeID
        self.serviceID = serviceID
        self.headsign = headsign
        self.shortName = shortName
        self.directionID = directionID
        self.blockID = blockID
        self.shapeID = shapeID
    }
}

extension GTFSTrip: GTFSTableRow {
    public struct Columns {
        let id: Int, routeID: Int, serviceID: Int, headsign: Int?, shortName: Int?
        let directionID: Int?, blockID: Int?, shapeID: Int?
    }

    public static var tableName: String { "trips" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        Columns(id: try header.requiredIndex(of: "trip_id"), routeID: try header.requiredIndex(of: "route_id"),
                serviceID: try header.requiredIndex(of: "service_id"), headsign: header.index(of: "trip_headsign"),
                shortName: header.index(of: "trip_short_name"), directionID: header.index(of: "direction_id"),
                blockID: header.index(of: "block_id"), shapeID: header.index(of: "shape_id"))
    }

    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        let direction = try record.optionalInt(columns.directionID)
        if let direction, direction != 0 && direction != 1, let column = columns.directionID {
            throw record.error(column: column, "direction_id must be 0 or 1, found \(direction)")
        }
        self.init(id: record.string(columns.id), routeID: record.string(columns.routeID),
                  serviceID: record.string(columns.serviceID), headsign: record.optionalString(columns.headsign),
                  shortName: record.optionalString(columns.shortName), directionID: direction,
                  blockID: record.optionalString(columns.blockID), shapeID: record.optionalString(columns.shapeID))
    }
}
