import Foundation
import Testing
import TestSupport
import TransitData
import TransitEngine
@testable import TracksideServer

@Suite("Station boards served and pushed")
struct StationBoardsTests {
    static let now = 1_705_750_000.0
    static let platform = Coordinate(latitude: 40.7527, longitude: -73.9772)
    // Station 723 with its two platforms, on a short stretch of the 7.
    static let network = Network(
        routes: [],
        stops: [
            NetworkStop(id: "723", name: "Grand Central-42 St", coordinate: platform, isStation: true),
            NetworkStop(id: "723N", name: "Grand Central-42 St", coordinate: platform, parentStation: "723"),
            NetworkStop(id: "723S", name: "Grand Central-42 St", coordinate: platform, parentStation: "723"),
        ],
        trips: [NetworkTrip(id: "7N-trip", routeID: "7", direction: "N", shapeID: "7..N")],
        shapePoints: ["7..N": [Coordinate(latitude: 40.7510, longitude: -73.9790),
                               Coordinate(latitude: 40.7545, longitude: -73.9750)]])

    /// The feed `7` with one train due at 723N in `seconds`; `stale` names the feeds judged stale.
    static func feeds(arrivingIn seconds: Double, stale: Set<String> = []) -> BoardFeeds {
        let train = TrainReport(tripID: "7N-trip", routeID: "7", direction: "N", headsign: "Flushing-Main St",
                                stopTimes: [StopTimePrediction(stopID: "723N", arrival: now + seconds, departure: now + seconds + 30)])
        return BoardFeeds(snapshot: FeedSnapshot([FeedReport(name: "7", timestamp: now, trains: [train])]), stale: stale)
    }

    @Test("Boards by station id; unknown ids have none")
    func lookup() throws {
        let boards = StationBoards(network: Self.network)
        let board = try #require(boards.board(station: "723", feeds: Self.feeds(arrivingIn: 200), now: Self.now))
        #expect(board.groups.map { $0.arrivals.map { $0.minutes } } == [[3]])
        #expect(boards.board(station: "999", feeds: Self.feeds(arrivingIn: 200), now: Self.now) == nil)
    }

    /// One connection watching stations through a push hub: what a tick's boards send it.
    struct Watcher {
        let boards = StationBoards(network: StationBoardsTests.network)
        var hub = PushHub(configuration: PushHub.Configuration(epoch: "e", source: "replay"))
        let client = ClientID(1)

        init(watching stations: [String]) {
            _ = hub.connect(client)
            for station in stations { watch(station) }
        }

        mutating func watch(_ station: String) {
            _ = hub.receive(#"{"op":"watch","station":"\#(station)"}"#, from: client, now: 0)
        }

        mutating func unwatch(_ station: String) {
            _ = hub.receive(#"{"op":"unwatch","station":"\#(station)"}"#, from: client, now: 0)
        }

        /// The arrivals messages one tick at `now` sends, with their stations.
        mutating func changedBoards(feeds: BoardFeeds, now: Double) -> [(station: String, message: [UInt8])] {
            let boards = boards.boards(watched: hub.watchedStations, feeds: feeds, now: now)
            return hub.updateBoards(boards).map { delivery in
                let station = boards.first { ServerMessage.arrivals($0) == delivery.message }?.stationID ?? "?"
                return (station, delivery.message)
            }
        }
    }

    @Test("Watchers get a board when what it shows changes, not every tick")
    func pushesOnlyChanges() {
        var boards = Watcher(watching: ["723", "999"])
        let first = boards.changedBoards(feeds: Self.feeds(arrivingIn: 200), now: Self.now)
        #expect(first.map { $0.station } == ["723"])
        // One second later the train is still 3 minutes away: nothing to push.
        #expect(boards.changedBoards(feeds: Self.feeds(arrivingIn: 200), now: Self.now + 1).isEmpty)
        // A new prediction changes the board.
        let changed = boards.changedBoards(feeds: Self.feeds(arrivingIn: 100), now: Self.now + 1)
        #expect(changed.map { String(decoding: $0.message, as: UTF8.self) } == [
            #"{"type":"arrivals","station":"723","ts":1705750001,"groups":[{"route":"7","direction":"N","headsign":"Flushing-Main St","arrivals":[{"time":1705750100,"minutes":1,"due":false}]}]}"#,
        ])
        // Unwatched, then watched again: the board is pushed afresh.
        boards.unwatch("723")
        boards.unwatch("999")
        #expect(boards.changedBoards(feeds: Self.feeds(arrivingIn: 100), now: Self.now + 1).isEmpty)
        boards.watch("723")
        #expect(boards.changedBoards(feeds: Self.feeds(arrivingIn: 100), now: Self.now + 1).count == 1)
    }

    @Test("A group's feed turning stale, and current again, is pushed as a change and marked on the wire")
    func pushesStaleness() {
        var boards = Watcher(watching: ["723"])
        #expect(boards.changedBoards(feeds: Self.feeds(arrivingIn: 200), now: Self.now).count == 1)
        // Same trains, same minutes; only the feed's health changed.
        let stale = boards.changedBoards(feeds: Self.feeds(arrivingIn: 200, stale: ["7"]), now: Self.now)
        #expect(stale.map { String(decoding: $0.message, as: UTF8.self) } == [
            #"{"type":"arrivals","station":"723","ts":1705750000,"stale":true,"stale_routes":["7"],"groups":[{"route":"7","direction":"N","headsign":"Flushing-Main St","stale":true,"arrivals":[{"time":1705750200,"minutes":3,"due":false}]}]}"#,
        ])
        #expect(boards.changedBoards(feeds: Self.feeds(arrivingIn: 200, stale: ["7"]), now: Self.now).isEmpty)
        // Another feed's staleness is not this group's.
        let current = boards.changedBoards(feeds: Self.feeds(arrivingIn: 200, stale: ["bdfm"]), now: Self.now)
        #expect(current.map { String(decoding: $0.message, as: UTF8.self).contains("stale") } == [false])
        // The stale feed's only train has left: no group is left to mark, but the board says it may miss trains.
        let past = boards.changedBoards(feeds: Self.feeds(arrivingIn: -100, stale: ["7"]), now: Self.now)
        #expect(past.map { String(decoding: $0.message, as: UTF8.self) } == [
            #"{"type":"arrivals","station":"723","ts":1705750000,"stale":true,"stale_routes":["7"],"groups":[]}"#,
        ])
        let empty = boards.changedBoards(feeds: Self.feeds(arrivingIn: -100), now: Self.now)
        #expect(empty.map { String(decoding: $0.message, as: UTF8.self) } == [#"{"type":"arrivals","station":"723","ts":1705750000,"groups":[]}"#])
    }
}

/// When service resumes, from a loaded timetable: on a board with rows for some lines, and at a bus stop.
@Suite("Next service on station and bus stop boards")
struct NextServiceBoardTests {
    /// Subway lines A and B at station 100 (platform 100N), and bus route M1 at the parentless stop 400001; weekday
    /// service only. The A's and B's last trains leave at 23:50, the M1's at 23:00; the first ones at 05:32 (A),
    /// 05:40 (B) and 05:45 (M1).
    static let tables: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nX,X,https://x.example,America/New_York\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nA,A,,1\nB,B,,1\nM1,M1,,3\n",
        "calendar.txt": """
            service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
            WD,1,1,1,1,1,0,0,20240101,20241231

            """,
        "stops.txt": """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
            100,One,40.70,-73.90,1,
            100N,One,40.70,-73.90,0,100
            200N,Two,40.71,-73.90,0,
            400001,5 Av/W 8 St,40.732,-73.996,0,
            400002,5 Av/W 12 St,40.734,-73.994,0,

            """,
        "trips.txt": "route_id,trip_id,service_id,direction_id\nA,a-early,WD,0\nA,a-late,WD,0\nB,b-early,WD,0\nB,b-late,WD,0\nM1,m-early,WD,0\nM1,m-late,WD,0\n",
        "stop_times.txt": """
            trip_id,stop_id,arrival_time,departure_time,stop_sequence
            a-early,100N,05:32:00,05:32:00,1
            a-early,200N,05:40:00,05:40:00,2
            a-late,100N,23:50:00,23:50:00,1
            a-late,200N,23:58:00,23:58:00,2
            b-early,100N,05:40:00,05:40:00,1
            b-early,200N,05:48:00,05:48:00,2
            b-late,100N,23:50:00,23:50:00,1
            b-late,200N,23:58:00,23:58:00,2
            m-early,400001,05:45:00,05:45:00,1
            m-early,400002,05:50:00,05:50:00,2
            m-late,400001,23:00:00,23:00:00,1
            m-late,400002,23:05:00,23:05:00,2

            """,
    ]

    static func boards() throws -> (boards: StationBoards, network: Network) {
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(tables))
        let network = try Network(gtfs: [feed], profile: NYCTProfile())
        let zone = TimeZone(identifier: "America/New_York")!
        let service = ScheduledService(schedule: try feed.loadSchedule(), trips: feed.trips.rows, network: network, timeZone: zone,
                                       servicesOn: { feed.activeServiceIDs(on: $0) })
        return (StationBoards(network: network, schedules: [service]), network)
    }

    /// Wednesday 18 December 2024 in New York, at `hour`:`minute`.
    static func wednesday(_ hour: Int, _ minute: Int) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        return calendar.date(from: DateComponents(year: 2024, month: 12, day: 18, hour: hour, minute: minute))!.timeIntervalSince1970
    }

    @Test("A bus stop after the last bus: its route's first departure in the morning; none while a bus is predicted")
    func busStopAtNight() throws {
        let (boards, network) = try Self.boards()
        #expect(network.busStops.map(\.id).sorted() == ["400001", "400002"])
        let night = Self.wednesday(1, 0)
        let board = try #require(boards.board(busStop: "400001", feeds: BoardFeeds(snapshot: FeedSnapshot([])), now: night))
        #expect(board.groups.isEmpty)
        #expect(board.nextService.map(\.routeID) == ["M1"] && board.nextService.map(\.time) == [Self.wednesday(5, 45)])
        var json = JSONWriter()
        board.writeJSON(to: &json)
        #expect(String(decoding: json.bytes, as: UTF8.self).contains(#""next_service":[{"route":"M1","#))
        // In the evening the next one is tonight's last.
        let evening = try #require(boards.board(busStop: "400001", feeds: BoardFeeds(snapshot: FeedSnapshot([])), now: Self.wednesday(22, 0)))
        #expect(evening.nextService.map(\.time) == [Self.wednesday(23, 0)])
        #expect(boards.board(busStop: "999", feeds: BoardFeeds(snapshot: FeedSnapshot([])), now: night) == nil)
    }

    @Test("A board with rows for one line gives the others' next departure, and none for the line it shows")
    func boardWithRowsAtNight() throws {
        let (boards, _) = try Self.boards()
        let night = Self.wednesday(1, 0)
        let train = TrainReport(tripID: "a-early", routeID: "A", direction: "N", headsign: "Two",
                                stopTimes: [StopTimePrediction(stopID: "100N", arrival: night + 300, departure: night + 330),
                                            StopTimePrediction(stopID: "200N", arrival: night + 780, departure: night + 810)])
        let feeds = BoardFeeds(snapshot: FeedSnapshot([FeedReport(name: "a", timestamp: night, trains: [train])]))
        let board = try #require(boards.board(station: "100", feeds: feeds, now: night))
        #expect(board.groups.map(\.routeID) == ["A"] && board.groups.first?.arrivals.count == 1)
        #expect(board.nextService == [ScheduledService.Next(routeID: "B", direction: "N", time: Self.wednesday(5, 40))])
        // Without the A's train both lines wait for the morning.
        let empty = try #require(boards.board(station: "100N", feeds: BoardFeeds(snapshot: FeedSnapshot([])), now: night))
        #expect(empty.groups.isEmpty && empty.nextService.map(\.time) == [Self.wednesday(5, 32), Self.wednesday(5, 40)])
    }

    @Test("A cancelled first departure: the board lists it cancelled and its line's next service is the one after")
    func cancelledFirstDepartureAtNight() throws {
        let (boards, _) = try Self.boards()
        let night = Self.wednesday(1, 0)
        // The feed cancels the A's 05:32 (its timetable times, as a CANCELED trip is reported).
        let cancelled = TrainReport(tripID: "a-early", routeID: "A", direction: "N", headsign: "Two",
                                    stopTimes: [StopTimePrediction(stopID: "100N", arrival: Self.wednesday(5, 32), departure: Self.wednesday(5, 32)),
                                                StopTimePrediction(stopID: "200N", arrival: Self.wednesday(5, 40), departure: Self.wednesday(5, 40))])
        let feeds = BoardFeeds(snapshot: FeedSnapshot([FeedReport(name: "a", timestamp: night, cancelledTrips: [cancelled])]))
        let board = try #require(boards.board(station: "100", feeds: feeds, now: night))
        #expect(board.groups.first?.arrivals.map(\.isCancelled) == [true])
        // Not "No trains until 5:32 AM": the A's next northbound departure is tonight's 23:50; the B's is untouched.
        #expect(board.nextService == [ScheduledService.Next(routeID: "A", direction: "N", time: Self.wednesday(23, 50)),
                                      ScheduledService.Next(routeID: "B", direction: "N", time: Self.wednesday(5, 40))])
    }
}
