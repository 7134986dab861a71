import Testing
import TestSupport
@testable import TransitEngine

@Suite("Place search")
struct PlaceSearchTests {
    @Test("Words are folded: case, accents, punctuation, abbreviations and ordinals")
    func tokens() {
        #expect(SearchTokens.of("14th Street-Union SQUARE") == ["14", "st", "union", "sq"])
        #expect(SearchTokens.of("Lafayétte Avenue/Ave") == ["lafayette", "av", "av"])
        #expect(SearchTokens.of("S.B. Coney Island") == ["s", "b", "coney", "island"])
        #expect(SearchTokens.of("  ,,, -- ") == [])
        #expect(SearchTokens.of("1st 2nd 3rd first") == ["1", "2", "3", "first"])
    }

    @Test("Typos: one slip up to 7 letters, two beyond, none in short words or numbers")
    func typos() {
        #expect(SearchTypos.areClose("unoin", "union"))       // swapped neighbours
        #expect(SearchTypos.areClose("centrl", "central"))    // a letter missing
        #expect(SearchTypos.areClose("grnd", "grand"))
        #expect(SearchTypos.areClose("bronx", "brooklyn") == false)     // 5 letters: one slip only
        #expect(SearchTypos.areClose("lexingtno", "lexington"))
        #expect(SearchTypos.areClose("lxingtno", "lexington"))           // 8 letters: two slips
        #expect(SearchTypos.areClose("sq", "st") == false)
        #expect(SearchTypos.areClose("145", "125") == false)
        #expect(SearchTypos.areClose("cortlnd", "cortlandt"))            // a prefix with a slip
        #expect(SearchTypos.areClose("brooklyn", "bronx") == false)
    }

    static let places = [
        PlaceSearch.Place(kind: .station, id: "635", name: "14 St - Union Sq", lines: ["4", "5", "6"], coordinate: Coordinate(latitude: 40.7349, longitude: -73.9900)),
        PlaceSearch.Place(kind: .station, id: "132", name: "14 St", lines: ["1", "2", "3"], coordinate: Coordinate(latitude: 40.7377, longitude: -74.0002)),
        PlaceSearch.Place(kind: .busStop, id: "401921", name: "UNION SQ E/E 15 ST", lines: ["M1"], coordinate: Coordinate(latitude: 40.7355, longitude: -73.9888)),
    ]

    @Test("Every query word must match; fuller matches and shorter names first; empty and huge queries are safe")
    func ranking() {
        let search = PlaceSearch(places: Self.places)
        #expect(search.search("14 st").map { $0.id } == ["132", "635"])
        #expect(search.search("union").map { $0.id } == ["635", "401921"])
        #expect(search.search("union sq east").map { $0.id } == ["401921"])
        #expect(search.search("14 st bronx").isEmpty)
        #expect(search.search("").isEmpty && search.search("--- ***").isEmpty)
        #expect(search.search(String(repeating: "union ", count: 20_000)).map { $0.id } == ["635", "401921"])
        #expect(search.search("\u{0}\u{FFFD}💥").isEmpty)
    }

    @Test("At most 20 results")
    func limit() {
        let many = (0..<50).map { PlaceSearch.Place(kind: .busStop, id: "\($0)", name: "Broadway/W \($0) St", lines: ["M104"], coordinate: Coordinate(latitude: 40.8, longitude: -73.97)) }
        #expect(PlaceSearch(places: many).search("broadway").count == PlaceSearch.resultLimit)
    }
}

@Suite("Place search on the real subway stations and Manhattan bus stops", .enabled(if: SharedData.isAvailable))
struct PlaceSearchQualityTests {
    /// Real queries (typos, abbreviations, numbers, word order) and the station name riders expect first.
    static let table: [(query: String, first: String)] = [
        ("times sq", "Times Sq - 42 St"),
        ("times square", "Times Sq - 42 St"),
        ("TIMES SQUARE 42nd street", "Times Sq - 42 St"),
        ("tiems sq", "Times Sq - 42 St"),
        ("14 st union", "14 St - Union Sq"),
        ("unoin sq", "14 St - Union Sq"),
        ("union square", "14 St - Union Sq"),
        ("grand central", "Grand Central - 42 St"),
        ("grand centrl", "Grand Central - 42 St"),
        ("42 street grand central", "Grand Central - 42 St"),
        ("atlantic av", "Atlantic Av"),
        ("atlantic avenue barclays", "Atlantic Av - Barclays Ctr"),
        ("barclays center", "Atlantic Av - Barclays Ctr"),
        ("jay st metrotech", "Jay St - MetroTech"),
        ("metrotech", "Jay St - MetroTech"),
        ("34th street penn station", "34 St - Penn Station"),
        ("herald square", "34 St - Herald Sq"),
        ("columbus circle", "59 St - Columbus Circle"),
        ("coney island", "Coney Island - Stillwell Av"),
        ("stillwell", "Coney Island - Stillwell Av"),
        ("yankee stadium", "161 St - Yankee Stadium"),
        ("yankees", "161 St - Yankee Stadium"),
        ("van cortlandt", "Van Cortlandt Park - 242 St"),
        ("van cortlnd park", "Van Cortlandt Park - 242 St"),
        ("broadway lafayette", "Broadway-Lafayette St"),
        ("Broadway-Lafayétte", "Broadway-Lafayette St"),
        ("jackson hts roosevelt", "Jackson Hts - Roosevelt Av"),
        ("jackson heights 82", "82 St - Jackson Hts"),
        ("roosevelt island", "Roosevelt Island"),
        ("flushing main street", "Flushing - Main St"),
        ("kew gardens", "Kew Gardens - Union Tpke"),
        ("crown heights utica", "Crown Hts - Utica Av"),
        ("ditmars", "Astoria - Ditmars Blvd"),
        ("astoria boulevard", "Astoria Blvd"),
        ("lexington avenue 63", "Lexington Av/63 St"),
        ("lex av 53", "Lexington Av/53 St"),
        ("whitehall", "Whitehall St"),
        ("world trade", "World Trade Center"),
        ("st george", "St George"),
        ("myrtle wyckoff", "Myrtle - Wyckoff Avs"),
        ("bedford nostrand", "Bedford - Nostrand Avs"),
        ("jamaica center", "Jamaica Center - Parsons/Archer"),
        ("34 st 11 av", "34 St - 11 Av"),
        ("5 av 59", "5 Av/59 St"),
        ("kings highway", "Kings Hwy"),
    ]

    /// Real queries for Manhattan bus stops (named `STREET/CROSS STREET` in capitals) and the stop
    /// riders expect first, with the subway stations in the same index.
    static let busStopTable: [(query: String, first: String)] = [
        ("w 125 st amsterdam", "W 125 ST/AMSTERDAM AV"),
        ("125th street amsterdam avenue", "W 125 ST/AMSTERDAM AV"),
        ("west 125 malcolm x", "W 125 ST/MALCOLM X BL"),
        ("e 14 st university", "E 14 ST/UNIVERSITY PL"),
        ("university pl east 8", "E 8 ST/UNIVERSITY PL"),
        ("state street bridge", "STATE ST/BRIDGE ST"),
        ("madison av e 81", "MADISON AV/E 81 ST"),
        ("madison avenue 81st", "MADISON AV/E 81 ST"),
        ("madisn av 81", "MADISON AV/E 81 ST"),
        ("5 av w 78", "5 AV/W 78 ST"),
        ("146 st lenox", "146 ST/LENOX AV"),
        ("union sq e 15", "UNION SQ E/E 15 ST"),
        ("south ferry terminal", "SOUTH FERRY/TERMINAL"),
    ]

    /// Runs `table` against `search`; the misses, described.
    static func misses(_ table: [(query: String, first: String)], kind: PlaceKind, in search: PlaceSearch) -> [String] {
        var misses: [String] = []
        for (query, first) in table {
            let results = search.search(query)
            // Compared as words: the MTA's data spells one corner "MALCOLM X BL" and "MALCOLM X  BL". A complex
            // (joined by transfers.txt) is named by its stations' names, "Times Sq - 42 St / 42 St - Port Authority…".
            let parts = results.first.map { $0.name.components(separatedBy: " / ").map(SearchTokens.of) } ?? []
            if !parts.contains(SearchTokens.of(first)) || results.first?.kind != kind {
                misses.append("\(query) → \(results.prefix(3).map { "\($0.kind.rawValue) \($0.name)" }) (expected \(first))")
            }
            #expect(results.count <= PlaceSearch.resultLimit)
            #expect(results.allSatisfy { $0.coordinate.isPlausible })
        }
        return misses
    }

    @Test("The expected station comes first for every query of the table")
    func table() {
        let misses = Self.misses(Self.table, kind: .station, in: PlaceSearch(network: RealFeeds.subway))
        #expect(Self.table.count >= 30)
        #expect(misses.isEmpty, "\(misses.joined(separator: "\n"))")
    }

    @Test("With 1,816 bus stops added the stations still come first for the station queries, and bus stops for theirs")
    func tableWithBusStops() {
        let search = PlaceSearch(network: RealFeeds.subwayAndBuses)
        let misses = Self.misses(Self.table, kind: .station, in: search) + Self.misses(Self.busStopTable, kind: .busStop, in: search)
        #expect(Self.busStopTable.count >= 10)
        #expect(misses.isEmpty, "\(misses.joined(separator: "\n"))")
        // Bus stops are typed, with no lines of their own without stop_times (the server adds those seen in realtime).
        let stop = search.search("5 av w 78").first
        #expect(stop?.kind == .busStop && stop?.id == "404303" && stop?.lines == [])
    }

    @Test("Search finds exactly the places whose every query word matches a word of the name, by a scan of every name")
    func findsWhatAScanFinds() {
        let network = RealFeeds.subwayAndBuses
        let places = network.stations.map { PlaceSearch.Place(kind: .station, id: $0.id, name: $0.name, lines: [], coordinate: $0.coordinate) }
            + network.busStops.map { PlaceSearch.Place(kind: .busStop, id: $0.id, name: $0.name, lines: [], coordinate: $0.coordinate) }
        let search = PlaceSearch(places: places)
        // Queries from the names themselves: whole, words cut short, a letter replaced, words reversed; every 41st place.
        var queries: Set<String> = ["st", "av", "1", "125", "x", "zzzz", "broadway", "lexngton av"]
        for (index, place) in places.enumerated() where index % 41 == 0 {
            let words = place.name.split(separator: " ").map(String.init)
            queries.insert(place.name)
            queries.insert(words.map { String($0.prefix(max(1, $0.count - index % 3))) }.joined(separator: " "))
            queries.insert(String(place.name.lowercased().map { $0 == "e" ? "a" : $0 }))
            queries.insert(words.reversed().joined(separator: " "))
        }
        #expect(queries.count > 200)
        let names = places.map { SearchTokens.of($0.name) }
        for query in queries {
            let queryWords = SearchTokens.of(query)
            let scanned = Set(places.indices.filter { index in
                !queryWords.isEmpty && queryWords.allSatisfy { word in names[index].contains { PlaceSearch.score(word, against: $0) > 0 } }
            }.map { places[$0].id })
            let found = search.search(query).map(\.id)
            if scanned.count <= PlaceSearch.resultLimit {
                #expect(Set(found) == scanned && found.count == scanned.count, "\(query)")
            } else {
                #expect(found.count == PlaceSearch.resultLimit && Set(found).isSubset(of: scanned), "\(query)")
            }
        }
    }

    @Test("A station beats a bus stop of the same name")
    func stationFirstOnATie() {
        let coordinate = Coordinate(latitude: 40.75, longitude: -73.98)
        let places = [PlaceSearch.Place(kind: .busStop, id: "1", name: "Times Sq", lines: [], coordinate: coordinate),
                      PlaceSearch.Place(kind: .station, id: "2", name: "Times Sq", lines: [], coordinate: coordinate),
                      PlaceSearch.Place(kind: .busStop, id: "0", name: "Times Sq", lines: [], coordinate: coordinate)]
        #expect(PlaceSearch(places: places).search("times sq").map { $0.id } == ["2", "0", "1"])
        // …and a bus stop matching every query word beats a station missing one.
        let fuller = [PlaceSearch.Place(kind: .station, id: "s", name: "42 St", lines: [], coordinate: coordinate),
                      PlaceSearch.Place(kind: .busStop, id: "b", name: "W 42 ST/8 AV", lines: [], coordinate: coordinate)]
        #expect(PlaceSearch(places: fuller).search("42 st 8 av").map { $0.id } == ["b"])
        #expect(PlaceSearch(places: fuller).search("42 st").map { $0.id } == ["s", "b"])
    }
}
