import Foundation

/// Step-free access of NYC subway stations from the MTA's "Subway Stations" table (NY Open Data
/// 39hk-dx4f, its CSV export), as GTFS `wheelchair_boarding` codes: the MTA subway GTFS has no
/// such column, and this table is where the MTA publishes it.
///
/// Per row, `GTFS Stop ID` names the parent station and `ADA` is 0 (not accessible), 1 (fully)
/// or 2 (partially); `ADA Northbound` and `ADA Southbound` (0 or 1) say which side's platform
/// is. The station gets 1 or 2 for a full answer and 0 ("see the platforms") for a partial one;
/// its `N` and `S` platforms get 1 or 2 from their side's flag.
public struct MTAStationAccessibility: Sendable {
    /// `wheelchair_boarding` codes by stop id.
    public let wheelchairBoarding: [String: Int]
    /// Each station's words for its two directions, `["N": "Manhattan", "S": "Coney Island"]`, from
    /// the table's `North Direction Label` and `South Direction Label` where it has them.
    public let directionLabels: [String: [String: String]]

    /// The most characters of a direction label kept (the table's longest is about 30).
    static let labelLimit = 60

    /// Reads the CSV in `data`; `file` names it in errors. Missing columns, values other than
    /// those above and a station listed twice are errors.
    public init(csv data: Data, file: String) throws(CSVError) {
        var reader = try CSVReader(source: MemoryByteSource(data), file: file)
        let header = reader.header
        let station = try header.requiredIndex(of: "GTFS Stop ID")
        let ada = try header.requiredIndex(of: "ADA")
        let north = try header.requiredIndex(of: "ADA Northbound")
        let south = try header.requiredIndex(of: "ADA Southbound")
        let labelColumns = [("N", header.index(of: "North Direction Label")), ("S", header.index(of: "South Direction Label"))]
        var record = CSVRecord(header: header)
        var codes: [String: Int] = [:]
        var labels: [String: [String: String]] = [:]
        while try reader.read(into: &record) {
            let id = record.string(station)
            guard !id.isEmpty else { throw record.error(column: station, "empty GTFS Stop ID") }
            guard codes[id] == nil else { throw record.error(column: station, "station \(id) is listed twice") }
            let level = try record.int(ada)
            guard (0...2).contains(level) else { throw record.error(column: ada, "ADA must be 0, 1 or 2, not \(level)") }
            codes[id] = [0: 2, 1: 1, 2: 0][level]
            for (column, suffix) in [(north, "N"), (south, "S")] {
                let flag = try record.int(column)
                guard flag == 0 || flag == 1 else { throw record.error(column: column, "must be 0 or 1, not \(flag)") }
                codes[id + suffix] = flag == 1 ? 1 : 2
            }
            for (direction, column) in labelColumns {
                guard let column else { continue }
                let label = record.string(column).trimmingCharacters(in: .whitespaces)
                if !label.isEmpty { labels[id, default: [:]][direction] = String(label.prefix(Self.labelLimit)) }
            }
        }
        wheelchairBoarding = codes
        directionLabels = labels
    }
}

extension GTFSFeed {
    /// The feed with `wheelchair_boarding` taken from `codes` for the stops that give none of
    /// their own (a feed's own value wins).
    public func fillingWheelchairBoarding(from codes: [String: Int]) -> GTFSFeed {
        var filled = self
        filled.stops = GTFSTable(stops.rows.map { stop in
            var stop = stop
            if stop.wheelchairBoarding ?? 0 == 0, let code = codes[stop.id] { stop.wheelchairBoarding = code }
            return stop
        })
        return filled
    }
}
