/// A place in `stops.txt`: a platform, a station grouping platforms, an entrance, …
public struct GTFSStop: Hashable, Sendable, Identifiable {
    /// `stop_id`, e.g. `101N`.
    public var id: String
    /// `stop_code`, the rider-facing code.
    public var code: String?
    /// `stop_name`.
    public var name: String
    /// `stop_desc`.
    public var description: String?
    /// `stop_lat`, WGS 84 degrees.
    public var latitude: Double
    /// `stop_lon`, WGS 84 degrees.
    public var longitude: Double
    /// `location_type`.
    public var locationType: GTFSLocationType
    /// `parent_station`: the station a platform belongs to.
    public var parentStationID: String?
    /// `platform_code`.
    public var platformCode: String?
    /// `wheelchair_boarding`: 0 unknown, 1 possible, 2 not possible.
    public var wheelchairBoarding: Int?

    /// A stop with the given fields.
    public init(id: String, code: String? = nil, name: String, description: String? = nil, latitude: Double, longitude: Double,
                locationType: GTFSLocationType = .stopOrPlatform, parentStationID: String? = nil,
                platformCode: String? = nil, wheelchairBoarding: Int? = nil) {
        self.id = id
        self.code = code
        self.name = name
        self.description = description
        self.latitude = latitude
        self.longitude = longitude
        self.locationType = locationType
        self.parentStationID = parentStationID
        self.platformCode = platformCode
        self.wheelchairBoarding = wheelchairBoarding
    }
}

extension GTFSStop: GTFSTableRow {
    public struct Columns {
        let id: Int, code: Int?, name: Int?, description: Int?, latitude: Int, longitude: Int
        let locationType: Int?, parentStation: Int?, platformCode: Int?, wheelchairBoarding: Int?
    }

    public static var tableName: String { "stops" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        Columns(id: try header.requiredIndex(of: "stop_id"), code: header.index(of: "stop_code"),
                name: header.index(of: "stop_name"), description: header.index(of: "stop_desc"),
                latitude: try header.requiredIndex(of: "stop_lat"), longitude: try header.requiredIndex(of: "stop_lon"),
                locationType: header.index(of: "location_type"), parentStation: header.index(of: "parent_station"),
                platformCode: header.index(of: "platform_code"), wheelchairBoarding: header.index(of: "wheelchair_boarding"))
    }

    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        var locationType = GTFSLocationType.stopOrPlatform
        if let column = columns.locationType, let code = try record.optionalInt(column) {
            guard let known = GTFSLocationType(rawValue: code) else {
                throw record.error(column: column, "unknown location_type \(code) (expected 0 to 4)")
            }
            locationType = known
        }
        let position = try record.coordinate(latitude: columns.latitude, longitude: columns.longitude)
        self.init(id: record.string(columns.id), code: record.optionalString(columns.code), name: record.string(columns.name),
                  description: record.optionalString(columns.description), latitude: position.latitude, longitude: position.longitude,
                  locationType: locationType, parentStationID: record.optionalString(columns.parentStation),
                  platformCode: record.optionalString(columns.platformCode),
                  wheelchairBoarding: try record.optionalInt(columns.wheelchairBoarding))
    }
}
