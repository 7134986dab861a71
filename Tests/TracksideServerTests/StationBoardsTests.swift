import Testing
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
