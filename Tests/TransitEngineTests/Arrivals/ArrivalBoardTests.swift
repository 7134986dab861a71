import Testing
import TransitData
@testable import TransitEngine

@Suite("Arrival boards")
struct ArrivalBoardTests {
    static let now = 1_705_750_000.0

    static let network = network(profile: StandardProfile())

    static func network(profile: any AgencyProfile) -> Network {
        Network(
            routes: [],
            stops: [
                NetworkStop(id: "127", name: "Times Sq-42 St", coordinate: Coordinate(latitude: 40.7553, longitude: -73.9872), isStation: true),
                NetworkStop(id: "127N", name: "Times Sq-42 St", coordinate: Coordinate(latitude: 40.7553, longitude: -73.9872), parentStation: "127"),
                NetworkStop(id: "127S", name: "Times Sq-42 St", coordinate: Coordinate(latitude: 40.7553, longitude: -73.9872), parentStation: "127"),
                NetworkStop(id: "101", name: "Van Cortlandt Park-242 St", coordinate: Coordinate(latitude: 40.8894, longitude: -73.8983), isStation: true),
                NetworkStop(id: "101N", name: "Van Cortlandt Park-242 St", coordinate: Coordinate(latitude: 40.8894, longitude: -73.8983), parentStation: "101"),
            ],
            trips: [NetworkTrip(id: "sched-2", routeID: "2", direction: "S", headsign: "Flatbush Av-Brooklyn College")],
            shapePoints: [:], profile: profile)
    }

    static let timesSquare = Station(id: "127", name: "Times Sq-42 St",
                                     coordinate: Coordinate(latitude: 40.7553, longitude: -73.9872),
                                     platforms: ["127N", "127S"], routes: ["1", "2"])

    static func train(_ trip: String, route: String = "1", direction: String? = "N", headsign: String? = nil,
                      at stop: String = "127N", arrival: Double?, departure: Double?, track: String? = nil,
                      then last: String? = "101N") -> TrainReport {
        var stops = [StopTimePrediction(stopID: stop, arrival: arrival, departure: departure, track: track)]
        if let last { stops.append(StopTimePrediction(stopID: last, arrival: (departure ?? arrival ?? now) + 1_800)) }
        return TrainReport(tripID: trip, routeID: route, direction: direction, headsign: headsign, stopTimes: stops)
    }

    static func board(_ trains: [TrainReport], now: Double = now, network: Network = network) -> ArrivalBoard {
        ArrivalBoard(station: timesSquare, network: network,
                     feeds: FeedSnapshot([FeedReport(name: "123456", timestamp: now, trains: trains)]), now: now)
    }

    @Test("Keeps the next three per route and direction, soonest first, in whole minutes")
    func nextThree() {
        let trains = [600.0, 100, 1_300, 200, 45].enumerated().map { index, offset in
            Self.train("t\(index)", arrival: Self.now + offset, departure: Self.now + offset + 30)
        }
        let board = Self.board(trains)
        #expect(board.groups.count == 1)
        let group = board.groups[0]
        #expect(group.routeID == "1" && group.direction == "N")
        #expect(group.arrivals.map { $0.tripID } == ["t4", "t1", "t3"])
        #expect(group.arrivals.map { $0.minutes } == [0, 1, 3])
        #expect(group.arrivals.map { $0.time } == [Self.now + 45, Self.now + 100, Self.now + 200])
        #expect(group.arrivals.map { $0.isDue } == [true, false, false])
    }

    @Test("Due under a minute (0 whole minutes); a train at the platform counts until it departs")
    func dueAndDwelling() {
        let board = Self.board([
            Self.train("soon", arrival: Self.now + 29, departure: Self.now + 60),
            Self.train("dwelling", arrival: Self.now - 20, departure: Self.now + 10),
            Self.train("gone", arrival: Self.now - 90, departure: Self.now - 1),
            Self.train("sixty", arrival: Self.now + 60, departure: Self.now + 90),
        ])
        let arrivals = board.groups[0].arrivals
        #expect(arrivals.map { $0.tripID } == ["dwelling", "soon", "sixty"])
        #expect(arrivals.map { $0.isDue } == [true, true, false])
        #expect(arrivals.map { $0.minutes } == [0, 0, 1])
        #expect(arrivals[0].time == Self.now)
    }

    @Test("A train terminating here (arrival only) is shown arriving; one with only a past arrival is gone")
    func terminating() {
        let board = Self.board([
            Self.train("terminates", at: "127S", arrival: Self.now + 125, departure: nil, then: nil),
            Self.train("arrived", at: "127S", arrival: Self.now - 5, departure: nil, then: nil),
        ].map { var train = $0; train.direction = "S"; return train })
        #expect(board.groups.count == 1)
        #expect(board.groups[0].direction == "S")
        #expect(board.groups[0].arrivals.map { $0.tripID } == ["terminates"])
        #expect(board.groups[0].arrivals.map { $0.minutes } == [2])
        #expect(board.groups[0].headsign == "Times Sq-42 St")
    }

    @Test("Headsign: the trip's own, else the schedule's, else its last stop's station name")
    func headsigns() {
        let board = Self.board([
            Self.train("own", route: "3", headsign: "Harlem-148 St", arrival: Self.now + 60, departure: Self.now + 90),
            Self.train("sched-2", route: "2", direction: "S", at: "127S", arrival: Self.now + 60, departure: Self.now + 90, then: nil),
            Self.train("bare", route: "1", arrival: Self.now + 60, departure: Self.now + 90),
        ])
        #expect(board.groups.map { "\($0.routeID)\($0.direction)" } == ["1N", "2S", "3N"])
        #expect(board.groups.map { $0.headsign } == ["Van Cortlandt Park-242 St", "Flatbush Av-Brooklyn College", "Harlem-148 St"])
    }

    @Test("Direction is the platform's side, whatever the trip says; other stations' stops are ignored")
    func platformDirection() {
        let board = Self.board([
            Self.train("unlabelled", direction: nil, at: "127S", arrival: Self.now + 300, departure: Self.now + 330),
            Self.train("labelled N", direction: "N", at: "127S", arrival: Self.now + 400, departure: Self.now + 430),
            Self.train("elsewhere", at: "101N", arrival: Self.now + 60, departure: Self.now + 90, then: nil),
        ], network: Self.network(profile: NYCTProfile()))  // NYC's platform ids name their side
        #expect(board.groups.map { $0.direction } == ["S"])
        #expect(board.groups[0].arrivals.map { $0.tripID } == ["unlabelled", "labelled N"])
    }

    @Test("Empty feeds and trains without times give an empty board")
    func emptyInput() {
        #expect(Self.board([]).groups.isEmpty)
        #expect(Self.board([Self.train("timeless", arrival: nil, departure: nil)]).groups.isEmpty)
        let none = ArrivalBoard(station: Self.timesSquare, network: Self.network, feeds: FeedSnapshot(), now: Self.now)
        #expect(none.groups.isEmpty && none.stationID == "127")
    }

    @Test("A group is stale when an arrival it shows comes from a stale feed; others stay current")
    func staleFeeds() {
        let current = [100.0, 160, 220].enumerated().map { index, offset in
            Self.train("one-\(index)", arrival: Self.now + offset, departure: Self.now + offset + 30)
        }
        let feeds = FeedSnapshot([
            FeedReport(name: "123456", timestamp: Self.now, trains: current),
            FeedReport(name: "old", timestamp: Self.now - 600, trains: [
                Self.train("two", route: "2", direction: "S", at: "127S", arrival: Self.now + 200, departure: Self.now + 230),
                // Behind the three the 1 shows: its feed does not make the 1 stale.
                Self.train("late", arrival: Self.now + 1_900, departure: Self.now + 1_930),
            ]),
        ])
        let board = ArrivalBoard(station: Self.timesSquare, network: Self.network, feeds: feeds, staleFeeds: ["old"], now: Self.now)
        #expect(board.groups.map { "\($0.routeID)\($0.direction)" } == ["1N", "2S"])
        #expect(board.groups.map(\.isStale) == [false, true])
        #expect(board.staleRoutes == ["1", "2"])
        #expect(board.groups[0].arrivals.map(\.time) == [Self.now + 100, Self.now + 160, Self.now + 220])
        #expect(board.groups[0].arrivals.map(\.minutes) == [1, 2, 3] && board.groups[1].arrivals.map(\.minutes) == [3])
        #expect(board.signRows(count: 4).map(\.isStale) == [false, false, true, false])
        // Without stale feeds nothing is stale, whatever the feeds' age (that judgement is the caller's).
        let judgedCurrent = ArrivalBoard(station: Self.timesSquare, network: Self.network, feeds: feeds, now: Self.now)
        #expect(judgedCurrent.groups.map(\.isStale) == [false, false] && !judgedCurrent.isStale)
    }

    @Test("A stale feed whose predictions here are all past leaves no group to mark, but makes the board stale")
    func staleFeedWithOnlyPastTrains() {
        let feeds = FeedSnapshot([
            FeedReport(name: "123456", timestamp: Self.now, trains: [Self.train("on-time", arrival: Self.now + 100, departure: Self.now + 130)]),
            FeedReport(name: "old", timestamp: Self.now - 900, trains: [
                Self.train("gone", route: "2", direction: "S", at: "127S", arrival: Self.now - 300, departure: Self.now - 270),
            ]),
            // Stale too, but it predicts nothing at Times Sq.
            FeedReport(name: "elsewhere", timestamp: Self.now - 900, trains: [Self.train("far", at: "101N", arrival: Self.now + 60, departure: Self.now + 90, then: nil)]),
        ])
        let board = ArrivalBoard(station: Self.timesSquare, network: Self.network, feeds: feeds, staleFeeds: ["old", "elsewhere"], now: Self.now)
        #expect(board.groups.map(\.routeID) == ["1"] && board.groups.map(\.isStale) == [false])
        #expect(board.isStale && board.staleRoutes == ["2"])
        let away = ArrivalBoard(station: Self.timesSquare, network: Self.network, feeds: feeds, staleFeeds: ["elsewhere"], now: Self.now)
        #expect(!away.isStale, "a stale feed predicting nothing here does not concern this board")
    }

    @Test("A board's time and its arrivals' minutes are those of its whole-second now")
    func wireForm() {
        let board = Self.board([Self.train("t", arrival: Self.now + 130.7, departure: Self.now + 160)])
        #expect(board.stationID == "127" && board.timestamp == Self.now)
        #expect(board.groups.map { "\($0.routeID)\($0.direction) \($0.headsign ?? "")" } == ["1N Van Cortlandt Park-242 St"])
        #expect(board.groups[0].arrivals.map(\.minutes) == [2] && board.groups[0].arrivals.map(\.isDue) == [false])
    }

    @Test("Each arrival carries its train's track at this station; unknown tracks are left out of the wire form")
    func tracks() {
        let board = Self.board([
            Self.train("local", arrival: Self.now + 60, departure: Self.now + 90, track: "1"),
            Self.train("unknown", arrival: Self.now + 200, departure: Self.now + 230),
        ])
        #expect(board.groups[0].arrivals.map { $0.track } == ["1", nil])
        #expect(board.groups[0].arrivals.map(\.minutes) == [1, 3])
    }

    @Test("Minutes and due agree with the whole-second time and ts of the wire form, whatever the fraction of now")
    func wholeSeconds() {
        let board = Self.board([
            Self.train("twenty", arrival: Self.now + 1_200, departure: Self.now + 1_230),
            Self.train("sixty s", arrival: Self.now + 60, departure: Self.now + 90),
        ], now: Self.now + 0.6)
        #expect(board.timestamp == Self.now)
        #expect(board.groups[0].arrivals.map { $0.minutes } == [1, 20])
        #expect(board.groups[0].arrivals.map { $0.isDue } == [false, false])
    }
}

@Suite("Arrival boards at terminals and complexes")
struct TerminalBoardTests {
    static let now = ArrivalBoardTests.now
    static let coordinate = Coordinate(latitude: 40.8894, longitude: -73.8983)

    static func network(profile: any AgencyProfile, labels: [String: [String: String]] = [:]) -> Network {
        Network(routes: [], stops: [
            NetworkStop(id: "101", name: "Van Cortlandt Park-242 St", coordinate: coordinate, isStation: true),
            NetworkStop(id: "101N", name: "Van Cortlandt Park-242 St", coordinate: coordinate, parentStation: "101"),
            NetworkStop(id: "101S", name: "Van Cortlandt Park-242 St", coordinate: coordinate, parentStation: "101"),
        ], trips: [], shapePoints: [:], profile: profile, directionLabels: labels)
    }

    /// A 1 train arriving at 242 St in `seconds`: northbound ending there, or southbound starting there.
    static func train(_ id: String, _ direction: String, in seconds: Double) -> TrainReport {
        let here = StopTimePrediction(stopID: "101" + direction, arrival: now + seconds, departure: now + seconds + 30)
        let other = StopTimePrediction(stopID: direction == "N" ? "103N" : "103S", arrival: now + seconds + (direction == "N" ? -120 : 120))
        return TrainReport(tripID: id, routeID: "1", direction: direction, stopTimes: direction == "N" ? [other, here] : [here, other])
    }

    static func board(_ network: Network, id: String? = nil) -> ArrivalBoard {
        let trains = [train("n1", "N", in: 100), train("n2", "N", in: 700), train("s1", "S", in: 300)]
        return ArrivalBoard(station: network.station(containing: "101")!, network: network,
                            feeds: FeedSnapshot([FeedReport(name: "1234567", timestamp: now, trains: trains)]), now: now, id: id)
    }

    @Test("At a terminal, trains ending here are not departures: they are apart, under terminating")
    func terminatingApart() {
        let board = Self.board(Self.network(profile: NYCTProfile()))
        #expect(board.groups.map { "\($0.routeID)\($0.direction)" } == ["1S"])
        #expect(board.groups[0].arrivals.map(\.tripID) == ["s1"])
        #expect(board.terminating.map { "\($0.routeID)\($0.direction)" } == ["1N"])
        #expect(board.terminating[0].arrivals.map(\.tripID) == ["n1", "n2"])
        #expect(board.signRows(count: 4).map(\.direction) == ["S"])
    }

    @Test("Where trip updates may stop short of the terminal (plain GTFS-realtime), the last stop listed says nothing")
    func standardProfileKeepsThem() {
        let board = Self.board(Self.network(profile: StandardProfile()))
        #expect(board.groups.map { "\($0.routeID)\($0.direction)" } == ["1N", "1S"])
        #expect(board.terminating.isEmpty)
    }

    @Test("Groups carry the station's own words for their direction where the data has them; the board takes the id asked for")
    func headings() {
        let board = Self.board(Self.network(profile: NYCTProfile(), labels: ["101": ["N": "The Bronx", "S": "Manhattan"]]), id: "101S")
        #expect(board.stationID == "101S")
        #expect(board.groups[0].heading == "Manhattan" && board.terminating[0].heading == "The Bronx")
        #expect(Self.board(Self.network(profile: NYCTProfile())).groups[0].heading == nil)
    }
}
