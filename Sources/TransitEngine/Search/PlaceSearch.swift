/// Finds stations and bus stops by name: case- and accent-insensitive, by word prefix, and
/// tolerant of a typo or two per word; results ranked best first.
///
/// Every word of the query must match a word of the name (exactly, as its prefix, or within the
/// edit distance `SearchTypos` allows); names matching more exactly, then shorter names, rank first.
public struct PlaceSearch: Sendable {
    /// What a result is, for the map's icon.
    public enum Kind: String, Hashable, Sendable {
        case station
        case busStop = "bus_stop"
    }

    /// One searchable place.
    public struct Place: Hashable, Sendable {
        public var kind: Kind
        public var id: String
        public var name: String
        /// Routes serving it, sorted.
        public var lines: [String]
        public var coordinate: Coordinate

        public init(kind: Kind, id: String, name: String, lines: [String], coordinate: Coordinate) {
            self.kind = kind
            self.id = id
            self.name = name
            self.lines = lines
            self.coordinate = coordinate
        }
    }

    /// At most this many results.
    public static let resultLimit = 20
    /// Characters of a query looked at; no place name is longer.
    public static let queryLimit = 100

    private let places: [Place]
    private let words: [[String]]

    public init(places: [Place]) {
        self.places = places
        words = places.map { SearchTokens.of($0.name) }
    }

    /// The stations of `network` (with the routes serving them).
    public init(stationsOf network: Network) {
        self.init(places: network.stations.map { station in
            Place(kind: .station, id: station.id, name: station.name, lines: station.routes, coordinate: station.coordinate)
        })
    }

    /// The places matching `query` (its first `queryLimit` characters), best first, at most
    /// `resultLimit`; none for a query without words.
    public func search(_ query: String) -> [Place] {
        let queryWords = SearchTokens.of(String(query.prefix(Self.queryLimit)))
        guard !queryWords.isEmpty else { return [] }
        var scored: [(score: Int, index: Int)] = []
        for (index, nameWords) in words.enumerated() {
            var score = 0
            for word in queryWords {
                guard let best = nameWords.map({ Self.score(word, against: $0) }).max(), best > 0 else {
                    score = -1
                    break
                }
                score += best
            }
            // Unmatched words of the name cost a little: "14 St" ranks above "14 St-Union Sq" for "14 st".
            if score >= 0 { scored.append((score * 16 - max(0, nameWords.count - queryWords.count), index)) }
        }
        scored.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            let left = places[a.index], right = places[b.index]
            return (left.name, left.kind.rawValue, left.id) < (right.name, right.kind.rawValue, right.id)
        }
        return scored.prefix(Self.resultLimit).map { places[$0.index] }
    }

    /// 4 for the same word, 3 for a prefix of it (not for numbers: `1` is not `125`), 2 for a
    /// near miss (`SearchTypos`), 0 otherwise.
    static func score(_ word: String, against name: String) -> Int {
        if word == name { return 4 }
        if !word.allSatisfy(\.isNumber), name.hasPrefix(word) { return 3 }
        if SearchTypos.areClose(word, name) { return 2 }
        return 0
    }
}
