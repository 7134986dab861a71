import Foundation

/// Where a feed's tables come from: a folder of `.txt` (or `.txt.gz`) files, or a `.zip` archive.
///
/// A source opens each table as a byte stream when asked, so a feed can stream `stop_times.txt`
/// long after the other tables were loaded.
public struct GTFSSource: Sendable {
    enum Storage: Sendable {
        case folder(URL)
        case zip(ZipArchive)
    }

    /// The folder or zip file.
    public let location: URL
    /// The bounds applied to every table read from this source.
    public let limits: GTFSLimits
    let storage: Storage

    /// Opens the folder or `.zip` file at `url`.
    public init(contentsOf url: URL, limits: GTFSLimits = GTFSLimits()) throws {
        location = url
        self.limits = limits
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw GTFSLoadError("\(url.path): no such folder or zip file")
        }
        storage = isDirectory.boolValue ? .folder(url) : .zip(try ZipArchive(contentsOf: url))
    }

    /// The file name shown in errors for a table, e.g. `stops.txt.gz` or `gtfs.zip/stops.txt`.
    private func displayName(_ file: String) -> String {
        switch storage {
        case .folder: file
        case .zip(let archive): "\(archive.name)/\(file)"
        }
    }

    /// The bytes of table `name` (e.g. `stops`), or nil when the feed has no such table.
    ///
    /// In a folder `name.txt` is preferred to `name.txt.gz`; in a zip the entry may sit in a
    /// subfolder (some publishers wrap the feed in one), the shallowest match winning.
    public func open(table name: String) throws -> (bytes: AnyByteSource, file: String)? {
        let fileName = "\(name).txt"
        switch storage {
        case .folder(let folder):
            let plain = folder.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: plain.path) {
                let data = try Data(contentsOf: plain, options: .alwaysMapped)
                return (AnyByteSource(MemoryByteSource(data)), displayName(fileName))
            }
            let gzipped = folder.appendingPathComponent(fileName + ".gz")
            if FileManager.default.fileExists(atPath: gzipped.path) {
                let data = try Data(contentsOf: gzipped, options: .alwaysMapped)
                let inflater = try InflatingByteSource(data, format: .gzip, limit: limits.maximumInflatedFileSize)
                return (AnyByteSource(inflater), displayName(fileName + ".gz"))
            }
            return nil
        case .zip(let archive):
            let matches = archive.entries.filter { entry in
                !entry.isDirectory && (entry.name == fileName || entry.name.hasSuffix("/" + fileName))
            }
            guard let entry = matches.min(by: { $0.name.count < $1.name.count }) else { return nil }
            let source = try archive.byteSource(for: entry, limit: limits.maximumInflatedFileSize)
            return (AnyByteSource(source), displayName(entry.name))
        }
    }

    /// A row-by-row reader of table `Row`, or nil when the feed has no such table.
    public func reader<Row: GTFSTableRow>(for row: Row.Type) throws -> GTFSTableReader<Row>? {
        guard let table = try open(table: Row.tableName) else { return nil }
        return try GTFSTableReader(source: table.bytes, file: table.file, maximumRecordSize: limits.maximumRecordSize)
    }
}
