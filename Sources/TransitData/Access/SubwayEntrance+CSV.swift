import Foundation

extension SubwayEntrance {
    /// The dataset's columns this reader uses, as the MTA's CSV export names them; its API's CSV
    /// names the same columns in snake case (`gtfs_stop_id`), which is accepted too.
    enum CSVColumn: String, CaseIterable {
        case stops = "GTFS Stop ID"
        case complex = "Complex ID"
        case type = "Entrance Type"
        case entry = "Entry Allowed"
        case exit = "Exit Allowed"
        case latitude = "Entrance Latitude"
        case longitude = "Entrance Longitude"

        /// The column's index in `header`, under either spelling.
        func index(in header: CSVHeader) -> Int? {
            header.index(of: rawValue) ?? header.index(of: rawValue.lowercased().replacingOccurrences(of: " ", with: "_"))
        }
    }

    /// Reads the dataset's CSV export (NY Open Data i9wp-a4ja: `Division`, `Line`, `Borough`,
    /// `Stop Name`, `Complex ID`, `Constituent Station Name`, `Station ID`, `GTFS Stop ID`,
    /// `Daytime Routes`, `Entrance Type`, `Entry Allowed`, `Exit Allowed`, `Entrance Latitude`,
    /// `Entrance Longitude`, `Entrance Georeference`); `file` names it in errors. The same rules
    /// as the GeoJSON's apply to each record, within the same byte, record and field limits
    /// (`AccessDocument`); a missing column, a malformed record or a file past the limits is an error.
    public static func entrances(csv data: Data, file: String) throws(GTFSLoadError) -> [SubwayEntrance] {
        guard data.count <= AccessDocument.byteLimit else {
            throw GTFSLoadError("\(file): larger than \(AccessDocument.byteLimit) bytes")
        }
        do {
            var reader = try CSVReader(source: MemoryByteSource(data), file: file)
            let header = reader.header
            var columns: [CSVColumn: Int] = [:]
            for column in CSVColumn.allCases {
                guard let index = column.index(in: header) else {
                    throw CSVError(file: file, line: 1, reason: "missing required column '\(column.rawValue)'")
                }
                columns[column] = index
            }
            func text(_ record: borrowing CSVRecord, _ column: CSVColumn) -> String? {
                AccessDocument.text(record.string(columns[column]))
            }
            var record = CSVRecord(header: header)
            var entrances: [SubwayEntrance] = []
            while try reader.read(into: &record) {
                guard entrances.count < AccessDocument.recordLimit else {
                    throw GTFSLoadError("\(file): more than \(AccessDocument.recordLimit) records")
                }
                let latitude = text(record, .latitude).flatMap(Double.init), longitude = text(record, .longitude).flatMap(Double.init)
                entrances.append(try SubwayEntrance(
                    stops: text(record, .stops), complexID: text(record, .complex), type: text(record, .type),
                    entry: text(record, .entry).flatMap(AccessDocument.flag), exit: text(record, .exit).flatMap(AccessDocument.flag),
                    point: latitude.flatMap { latitude in longitude.map { (latitude, $0) } }, record: "\(file): line \(record.line)"))
            }
            return entrances
        } catch let error as GTFSLoadError {
            throw error
        } catch {
            throw GTFSLoadError("\(error)")
        }
    }
}
