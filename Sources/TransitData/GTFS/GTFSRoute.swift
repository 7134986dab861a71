/// A line as riders know it (`routes.txt`): the 1 train, the M15 bus.
public struct GTFSRoute: Hashable, Sendable, Identifiable {
    /// `route_id`.
    public var id: String
    /// `agency_id`.
    public var agencyID: String?
    /// `route_short_name`, e.g. `1`.
    public var shortName: String
    /// `route_long_name`, e.g. `Broadway - 7 Avenue Local`.
    public var longName: String
    /// `route_desc`.
    public var description: String?
    /// `route_type`: 0 tram, 1 subway, 2 rail, 3 bus, … (extended types such as 700 are kept as they are).
    public var type: Int
    /// `route_url`.
    public var url: String?
    /// `route_color`, when given.
    public var color: GTFSColor?
    /// `route_text_color`, when given.
    public var textColor: GTFSColor?

    /// A route with the given fields.
    public init(id: String, agencyID: String? = nil, shortName: String, longName: String, description: String? = nil,
                type: Int, url: String? = nil, color: GTFSColor? = nil, textColor: GTFSColor? = nil) {
        self.id = id
        self.agencyID = agencyID
        self.shortName = shortName
        self.longName = longName
        self.description = description
        self.type = type
        self.url = url
        self.color = color
        self.textColor = textColor
    }
}

extension GTFSRoute: GTFSTableRow {
    public struct Columns {
        let id: Int, agencyID: Int?, shortName: Int?, longName: Int?, description: Int?
        let type: Int, url: Int?, color: Int?, textColor: Int?
    }

    public static var tableName: String { "routes" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        Columns(id: try header.requiredIndex(of: "route_id"), agencyID: header.index(of: "agency_id"),
                shortName: header.index(of: "route_short_name"), longName: header.index(of: "route_long_name"),
                description: header.index(of: "route_desc"), type: try header.requiredIndex(of: "route_type"),
                url: header.index(of: "route_url"), color: header.index(of: "route_color"),
                textColor: header.index(of: "route_text_color"))
    }

    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        self.init(id: record.string(columns.id), agencyID: record.optionalString(columns.agencyID),
                  shortName: record.string(columns.shortName), longName: record.string(columns.longName),
                  description: record.optionalString(columns.description), type: try record.int(columns.type),
                  url: record.optionalString(columns.url), color: try record.optionalColor(columns.color),
                  textColor: try record.optionalColor(columns.textColor))
    }
}
