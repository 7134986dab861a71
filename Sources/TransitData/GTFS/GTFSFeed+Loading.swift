import Foundation

/// Loading a feed from a folder (`.txt` or `.txt.gz` tables) or a `.zip` archive.
extension GTFSFeed {
    /// Loads every table except `stop_times.txt` from the folder or zip file at `url`.
    ///
    /// Absent tables load as empty (partial feeds are common: stops and trips only, no shapes…);
    /// malformed content fails with a `CSVError` naming file, line and column, a broken archive
    /// with a `ZipError`. Duplicate ids in routes, stops and trips are errors.
    public init(contentsOf url: URL, limits: GTFSLimits = GTFSLimits()) throws {
        let source = try GTFSSource(contentsOf: url, limits: limits)
        try self.init(source: source)
    }

    /// Loads every table except `stop_times.txt` from `source`.
    public init(source: GTFSSource) throws {
        self.init(
            agencies: try Self.rows(GTFSAgency.self, from: source),
            routes: try Self.uniqueRows(GTFSRoute.self, from: source),
            stops: try Self.uniqueRows(GTFSStop.self, from: source),
            trips: try Self.uniqueRows(GTFSTrip.self, from: source),
            shapes: try Self.shapes(from: source),
            calendars: try Self.rows(GTFSCalendar.self, from: source),
            calendarDates: try Self.rows(GTFSCalendarDate.self, from: source),
            transfers: try Self.rows(GTFSTransfer.self, from: source),
            frequencies: try Self.rows(GTFSFrequency.self, from: source),
            pathways: try Self.rows(GTFSPathway.self, from: source),
            source: source)
    }

    /// A row-by-row reader over `stop_times.txt`, or nil when the feed has none (or was built in memory).
    public func stopTimes() throws -> GTFSTableReader<GTFSStopTime>? {
        try source?.reader(for: GTFSStopTime.self)
    }

    private static func rows<Row: GTFSTableRow>(_ type: Row.Type, from source: GTFSSource) throws -> [Row] {
        guard var reader = try source.reader(for: type) else { return [] }
        var rows: [Row] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    private static func uniqueRows<Row: GTFSTableRow & Identifiable>(_ type: Row.Type, from source: GTFSSource) throws -> [Row]
    where Row.ID == String {
        guard var reader = try source.reader(for: type) else { return [] }
        var rows: [Row] = []
        var lineByID: [String: Int] = [:]
        while let row = try reader.next() {
            if let first = lineByID.updateValue(reader.line, forKey: row.id) {
                throw CSVError(file: reader.header.file, line: reader.line,
                               reason: "duplicate id '\(row.id)' (first on line \(first))")
            }
            rows.append(row)
        }
        return rows
    }

    /// Groups `shapes.txt` rows by shape, keeping shapes in order of first appearance and sorting
    /// each shape's points by sequence (files are usually sorted already; then nothing moves).
    private static func shapes(from source: GTFSSource) throws -> [GTFSShape] {
        guard var reader = try source.reader(for: GTFSShapeRow.self) else { return [] }
        var shapes: [GTFSShape] = []
        var indexByID: [String: Int] = [:]
        var lastID = ""
        var lastIndex = -1
        while let row = try reader.next() {
            // Rows of one shape are normally contiguous, so the previous row's shape is tried first.
            if row.shapeID != lastID || lastIndex < 0 {
                if let existing = indexByID[row.shapeID] {
                    lastIndex = existing
                } else {
                    lastIndex = shapes.count
                    indexByID[row.shapeID] = lastIndex
                    shapes.append(GTFSShape(id: row.shapeID, points: []))
                }
                lastID = row.shapeID
            }
            shapes[lastIndex].points.append(row.point)
        }
        for index in shapes.indices {
            let points = shapes[index].points
            let sorted = zip(points, points.dropFirst()).allSatisfy { $0.sequence < $1.sequence }
            if !sorted {
                shapes[index].points.sort { $0.sequence < $1.sequence }
            }
            let sequences = shapes[index].points.map(\.sequence)
            if let repeated = zip(sequences, sequences.dropFirst()).first(where: { $0 == $1 }) {
                throw GTFSLoadError("shapes: shape '\(shapes[index].id)' repeats shape_pt_sequence \(repeated.0)")
            }
        }
        return shapes
    }
}
