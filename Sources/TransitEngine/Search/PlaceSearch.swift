/// Finds stations and bus stops by name: case- and accent-insensitive, by word prefix, and
/// tolerant of a typo or two per word; results ranked best first.
///
/// Every word of the query must match a word of the name (exactly, as its prefix, or within the
/// edit distance `SearchTypos` allows); names matching more exactly, then shorter names, rank
/// first, a name with the words in the query's order and a station a little before others
/// matching as well (`wordOrderBonus`, `stationBonus`).
public struct PlaceSearch: Sendable {
    /// One searchable place.
    public struct Place: Hashable, Sendable {
        /// What it is, for the map's icon.
        public var kind: PlaceKind
        public var id: String
        public var name: String
        /// Routes serving it, sorted.
        public var lines: [String]
        public var coordinate: Coordinate

        public init(kind: PlaceKind, id: String, name: String, lines: [String], coordinate: Coordinate) {
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
    /// Every distinct word of the names: a query word is scored against each once, not once per
    /// name it appears in (thousands of bus stops share `st`, `av` and their numbers).
    private let vocabulary: [String]
    /// Each place's name as indexes into `vocabulary`, in order.
    private let words: [[Int]]
    /// For each word of `vocabulary`, the places whose name has it, ascending and each once.
    private let placesByWord: [[Int]]

    public init(places: [Place]) {
        self.places = places
        var vocabulary: [String] = []
        var wordIndex: [String: Int] = [:]
        var placesByWord: [[Int]] = []
        words = places.enumerated().map { place, entry in
            SearchTokens.of(entry.name).map { word in
                let index = wordIndex[word] ?? {
                    vocabulary.append(word)
                    placesByWord.append([])
                    wordIndex[word] = vocabulary.count - 1
                    return vocabulary.count - 1
                }()
                if placesByWord[index].last != place { placesByWord[index].append(place) }
                return index
            }
        }
        self.vocabulary = vocabulary
        self.placesByWord = placesByWord
    }

    /// Score points a station gets over a bus stop: a quarter of one matched word, so "14 St"
    /// the station comes before the bus stop "14 ST/1 AV", yet a bus stop matching every word
    /// of the query beats a station that misses one.
    static let stationBonus = 4
    /// Score points for a name whose words come in the query's order: of the two stops at a
    /// corner, "W 125 ST/AMSTERDAM AV" and "AMSTERDAM AV/W 125 ST", the one typed.
    static let wordOrderBonus = 2

    /// The stations of `network` (with the routes serving them) and its bus stops (with their
    /// scheduled routes; routes learnt from realtime are the caller's to add).
    public init(network: Network) {
        let stations = network.stations.map { station in
            Place(kind: .station, id: station.id, name: station.name, lines: station.routes, coordinate: station.coordinate)
        }
        let busStops = network.busStops.map { stop in
            Place(kind: .busStop, id: stop.id, name: stop.name, lines: stop.scheduledRoutes ?? [], coordinate: stop.coordinate)
        }
        self.init(places: stations + busStops)
    }

    /// The places matching `query` (its first `queryLimit` characters), best first, at most
    /// `resultLimit`; none for a query without words.
    public func search(_ query: String) -> [Place] {
        let queryWords = SearchTokens.of(String(query.prefix(Self.queryLimit)))
        guard !queryWords.isEmpty else { return [] }
        // A query word's score against every distinct name word, computed once per word.
        func scores(of word: String) -> [Int] { vocabulary.map { Self.score(word, against: $0) } }
        // Only names with a word matching the first query word can match every query word.
        let firstScores = scores(of: queryWords[0])
        var isCandidate = [Bool](repeating: false, count: places.count)
        var anyCandidate = false
        for (word, score) in firstScores.enumerated() where score > 0 {
            for place in placesByWord[word] { isCandidate[place] = true }
            anyCandidate = true
        }
        guard anyCandidate else { return [] }
        let wordScores = [firstScores] + queryWords.dropFirst().map(scores(of:))
        var scored: [(score: Int, index: Int)] = []
        for index in places.indices where isCandidate[index] {
            let nameWords = words[index]
            var score = 0
            var positions: [Int] = []
            for queryScores in wordScores {
                let scores = nameWords.map { queryScores[$0] }
                guard let best = scores.max(), best > 0, let position = scores.firstIndex(of: best) else {
                    score = -1
                    break
                }
                score += best
                positions.append(position)
            }
            // Unmatched words of the name cost a little: "14 St" ranks above "14 St-Union Sq" for "14 st".
            if score >= 0 {
                var bonus = places[index].kind == .station ? Self.stationBonus : 0
                if positions == positions.sorted() { bonus += Self.wordOrderBonus }
                scored.append((score * 16 - max(0, nameWords.count - queryWords.count) + bonus, index))
            }
        }
        scored.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            let left = places[a.index], right = places[b.index]
            return (left.kind == .station ? 0 : 1, left.name, left.id) < (right.kind == .station ? 0 : 1, right.name, right.id)
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
