import Foundation

/// Station complexes as the bundled `stations/mta-subway_stations.json` (the `mta-subway` package's
/// MTAPI-style file) lists them: `{key: {"id", "name", "location": [lat, lon], "stops": {parent_id: [lat, lon]}}}`,
/// 446 groups covering the 499 NYCT parent stations. Only the fields below are read.
public struct StationGroups: Sendable {
    /// One complex: its riders' name, where it is, and the parent stop ids it groups.
    public struct Group: Hashable, Sendable {
        public var name: String
        public var latitude: Double
        public var longitude: Double
        /// Parent stop ids, sorted.
        public var stops: [String]

        public init(name: String, latitude: Double, longitude: Double, stops: [String]) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.stops = stops.sorted()
        }
    }

    /// Sorted by their first stop id.
    public let groups: [Group]

    /// The largest file read (the bundled one is 74 KB).
    public static let byteLimit = 4 << 20
    /// The most groups, and stops in one group, accepted.
    public static let groupLimit = 20_000
    public static let stopsPerGroupLimit = 64

    public init(groups: [Group]) {
        self.groups = groups.sorted { ($0.stops.first ?? "") < ($1.stops.first ?? "") }
    }

    /// Reads the grouping file at `path` (serve's and the offline commands' one way to load it).
    public init(contentsOf path: String) throws(GTFSLoadError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw GTFSLoadError("cannot read station groups \(path): \(error.localizedDescription)")
        }
        try self.init(json: data, file: path)
    }

    /// Reads the file's bytes; `file` names it in errors. A document that is not a JSON object,
    /// too large, or with a group lacking a name, a finite location or stops is an error: a
    /// wrong grouping would merge stations riders know apart.
    public init(json data: Data, file: String) throws(GTFSLoadError) {
        let root = try JSONDocument.root(data, limit: Self.byteLimit, file: file)
        guard let entries = root as? [String: Any] else { throw GTFSLoadError("\(file): not a JSON object of station groups") }
        guard entries.count <= Self.groupLimit else { throw GTFSLoadError("\(file): more than \(Self.groupLimit) groups") }
        var groups: [Group] = []
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            guard let entry = value as? [String: Any], let name = entry["name"] as? String, !name.isEmpty else {
                throw GTFSLoadError("\(file): group \(key) has no name")
            }
            guard let location = entry["location"] as? [Any], location.count == 2,
                  let latitude = (location[0] as? NSNumber)?.doubleValue, let longitude = (location[1] as? NSNumber)?.doubleValue,
                  latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
                throw GTFSLoadError("\(file): group \(key) has no [lat, lon] location")
            }
            guard let stops = entry["stops"] as? [String: Any], !stops.isEmpty, stops.count <= Self.stopsPerGroupLimit else {
                throw GTFSLoadError("\(file): group \(key) needs 1 to \(Self.stopsPerGroupLimit) stops")
            }
            groups.append(Group(name: name, latitude: latitude, longitude: longitude, stops: Array(stops.keys)))
        }
        self.init(groups: groups)
    }
}
