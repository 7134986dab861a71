import Foundation

/// A transit operator (`agency.txt`); its time zone is the one all schedule times are in.
public struct GTFSAgency: Hashable, Sendable {
    /// `agency_id`; may be absent when the feed has a single agency.
    public var id: String?
    /// `agency_name`.
    public var name: String
    /// `agency_url`.
    public var url: String
    /// `agency_timezone`, an IANA name such as `America/New_York`.
    public var timeZoneIdentifier: String
    /// `agency_lang`.
    public var language: String?
    /// `agency_phone`.
    public var phone: String?

    /// An agency with the given fields.
    public init(id: String?, name: String, url: String, timeZoneIdentifier: String, language: String? = nil, phone: String? = nil) {
        self.id = id
        self.name = name
        self.url = url
        self.timeZoneIdentifier = timeZoneIdentifier
        self.language = language
        self.phone = phone
    }

    /// The agency's time zone, or nil when the identifier is unknown to the system.
    public var timeZone: TimeZone? { TimeZone(identifier: timeZoneIdentifier) }
}

extension GTFSAgency: GTFSTableRow {
    public struct Columns {
        let id: Int?, name: Int, url: Int?, timeZone: Int, language: Int?, phone: Int?
    }

    public static var tableName: String { "agency" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        Columns(id: header.index(of: "agency_id"), name: try header.requiredIndex(of: "agency_name"),
                url: header.index(of: "agency_url"), timeZone: try header.requiredIndex(of: "agency_timezone"),
                language: header.index(of: "agency_lang"), phone: header.index(of: "agency_phone"))
    }

    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        let zone = record.string(columns.timeZone).trimmingASCIISpaces()
        guard !zone.isEmpty else { throw record.error(column: columns.timeZone, "agency_timezone is empty") }
        self.init(id: record.optionalString(columns.id), name: record.string(columns.name),
                  url: record.string(columns.url).trimmingASCIISpaces(), timeZoneIdentifier: zone,
                  language: record.optionalString(columns.language), phone: record.optionalString(columns.phone))
    }
}
