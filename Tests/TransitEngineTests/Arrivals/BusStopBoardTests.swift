import Foundation
import Testing
import TestSupport
import TransitData
@testable import TransitEngine

@Suite("Bus stop boards")
struct BusStopBoardTests {
    static let now = 1_488_055_353.0
    static let stop = BusStop(id: "404303", name: "5 AV/W 78 ST", coordinate: Coordinate(latitude: 40.776253, longitude: -73.964385))
    static let network = Network(routes: [], stops: [], trips: [NetworkTrip(id: "trip-9", routeID: "M1", headsign: "HARLEM 147 ST")],
                                 shapePoints: [:])

    static func call(_ vehicle: String, route: String = "M2", arrival: Double? = nil, metres: Double? = nil,
                     proximity: String? = nil, trip: String? = nil, headsign: String? = "EAST VILLAGE") -> BusCall {
        BusCall(stopID: "404303", vehicleID: vehicle, routeID: route, tripID: trip ?? "trip-\(vehicle)", direction: "1",
                headsign: headsign, arrival: arrival, departure: arrival, metresAway: metres, proximity: proximity)
    }

    static func board(_ feeds: [FeedReport]) -> ArrivalBoard {
        ArrivalBoard(busStop: stop, network: network, feeds: FeedSnapshot(feeds), now: now)
    }

    @Test("Buses group by route and direction like trains: the next three, soonest first; gone buses dropped")
    func grouping() {
        let calls = [Self.call("a", arrival: Self.now + 400), Self.call("b", arrival: Self.now + 20),
                     Self.call("c", arrival: Self.now + 130), Self.call("d", arrival: Self.now + 900),
                     Self.call("gone", arrival: Self.now - 5), Self.call("other", arrival: Self.now + 60).withStop("404304"),
                     Self.call("m1", route: "M1", arrival: Self.now + 61, trip: "trip-9", headsign: nil)]
        let board = Self.board([FeedReport(name: "siri-vm", timestamp: Self.now, busCalls: calls)])
        #expect(board.kind == .busStop && board.stationID == "404303")
        #expect(board.groups.map { $0.routeID } == ["M1", "M2"])
        let m2 = board.groups[1]
        #expect(m2.direction == "1" && m2.headsign == "EAST VILLAGE")
        #expect(m2.arrivals.map { $0.tripID } == ["trip-b", "trip-c", "trip-a"])
        #expect(m2.arrivals.map { $0.minutes } == [0, 2, 6])
        #expect(m2.arrivals.map { $0.isDue } == [true, false, false])
        // Without a DestinationName the schedule's headsign is used.
        #expect(board.groups[0].headsign == "HARLEM 147 ST")
    }

    @Test("Calls without a prediction come after the timed ones, nearest first, with Bus Time's words")
    func untimed() {
        let calls = [Self.call("far", metres: 2_000, proximity: "1.2 miles away"), Self.call("timed", arrival: Self.now + 300),
                     Self.call("near", metres: 150, proximity: "approaching")]
        let group = Self.board([FeedReport(name: "siri-sm", timestamp: Self.now, busCalls: calls)]).groups[0]
        #expect(group.arrivals.map { $0.tripID } == ["trip-timed", "trip-near", "trip-far"])
        #expect(group.arrivals.map { $0.time } == [Self.now + 300, nil, nil])
        #expect(group.arrivals.map { $0.minutes } == [5, nil, nil])
        #expect(group.arrivals.map { $0.isDue } == [false, true, false])
        #expect(group.arrivals.map { $0.proximity } == [nil, "approaching", "1.2 miles away"])
    }

    @Test("A bus in two feeds counts once, as the newer feed has it")
    func deduplicated() {
        let older = FeedReport(name: "siri-vm", timestamp: Self.now - 30, busCalls: [Self.call("a", arrival: Self.now + 300)])
        let newer = FeedReport(name: "siri-sm", timestamp: Self.now, busCalls: [Self.call("a", arrival: Self.now + 240)])
        for feeds in [[older, newer], [newer, older]] {
            let arrivals = Self.board(feeds).groups.flatMap { $0.arrivals }
            #expect(arrivals.map { $0.time } == [Self.now + 240])
        }
    }

    @Test("A bus group is stale when the feed its shown bus comes from is stale; a newer current feed wins")
    func staleFeeds() {
        let stale = FeedReport(name: "siri-vm", timestamp: Self.now - 30, busCalls: [Self.call("a", arrival: Self.now + 300),
                                                                                  Self.call("m1", route: "M1", arrival: Self.now + 90)])
        let fresh = FeedReport(name: "siri-sm", timestamp: Self.now, busCalls: [Self.call("a", arrival: Self.now + 240)])
        let board = ArrivalBoard(busStop: Self.stop, network: Self.network, feeds: FeedSnapshot([stale, fresh]),
                                 staleFeeds: ["siri-vm"], now: Self.now)
        // Bus a comes from the newer, current feed; the M1 only from the stale one.
        #expect(board.groups.map(\.routeID) == ["M1", "M2"])
        #expect(board.groups.map(\.isStale) == [true, false])
        // The stale feed also calls bus a (M2) here: the board may miss M2 buses as well.
        #expect(board.staleRoutes == ["M1", "M2"])
    }

    @Test("A bus stop's board says what a bus call says: a time and minutes, or only how far away")
    func json() {
        let calls = [Self.call("a", arrival: Self.now + 75), Self.call("b", metres: 900, proximity: "3 stops away")]
        let board = Self.board([FeedReport(name: "siri", timestamp: Self.now, busCalls: calls)])
        #expect(board.kind == .busStop && board.stationID == "404303" && board.timestamp == Self.now)
        #expect(board.groups.map { "\($0.routeID) \($0.direction) \($0.headsign ?? "")" } == ["M2 1 EAST VILLAGE"])
        let arrivals = board.groups[0].arrivals
        #expect(arrivals.map(\.time) == [Self.now + 75, nil] && arrivals.map(\.minutes) == [1, nil])
        #expect(arrivals.map(\.isDue) == [false, false] && arrivals.map(\.proximity) == [nil, "3 stops away"])
    }

    @Test("Empty feeds give an empty board, not a crash")
    func empty() {
        #expect(Self.board([]).groups.isEmpty)
        #expect(Self.board([FeedReport(name: "siri", timestamp: Self.now)]).groups.isEmpty)
    }
}

extension BusCall {
    func withStop(_ id: String) -> BusCall {
        var call = self
        call.stopID = id
        return call
    }
}

@Suite("Bus stop boards from recorded Bus Time responses", .enabled(if: SharedData.isAvailable))
struct BusStopBoardRealTests {
    @Test("StopMonitoring (B63, 2012): seven untimed visits at 5 Av - Union St, the nearest three on the board")
    func stopMonitoring() throws {
        let report = try RealFeeds.siriFeed("stop-monitoring/sm_B63_20120905T145422.json")
        #expect(report.buses.isEmpty)
        #expect(report.busCalls.count == 7)
        #expect(report.busCalls.allSatisfy { $0.stopID == "308209" && $0.routeID == "B63" && $0.arrival == nil })
        let stop = BusStop(id: "308209", name: "5 AV - UNION ST", coordinate: Coordinate(latitude: 40.6776, longitude: -73.9832))
        let board = ArrivalBoard(busStop: stop, network: RealFeeds.manhattanBuses, feeds: FeedSnapshot([report]), now: report.timestamp)
        #expect(board.groups.count == 1)
        let group = try #require(board.groups.first)
        #expect(group.routeID == "B63" && group.direction == "0" && group.headsign == "PIER 6 BKLYN BRIDGE PK via 5 AV")
        let nearest = report.busCalls.sorted { ($0.metresAway ?? .infinity) < ($1.metresAway ?? .infinity) }.prefix(3)
        #expect(group.arrivals.map { $0.proximity } == nearest.map { $0.proximity })
        #expect(group.arrivals.first?.proximity == "0.7 miles away" && group.arrivals.first?.stopsAway == 5)
    }

    @Test("VehicleMonitoring with calls (B9): every stop visit once, all predicted; boards agree with the calls")
    func onwardCalls() throws {
        let report = try RealFeeds.siriFeed("vehicle-monitoring/vm_B9_with-onward-calls_20160218T142434.json")
        // 13 buses, 273 calls after dropping the monitored call repeated as the first onward call.
        #expect(report.buses.count == 13)
        #expect(report.busCalls.count == 273)
        #expect(report.busCalls.allSatisfy { $0.arrival != nil && $0.routeID == "B9" })
        let stopIDs = Set(report.busCalls.map { $0.stopID })
        for id in stopIDs {
            let stop = BusStop(id: id, name: id, coordinate: Coordinate(latitude: 40.6, longitude: -74))
            let board = ArrivalBoard(busStop: stop, network: RealFeeds.manhattanBuses, feeds: FeedSnapshot([report]), now: report.timestamp)
            var ahead: [String: Int] = [:]
            for call in report.busCalls where call.stopID == id && (call.departure ?? call.arrival ?? 0) >= report.timestamp {
                ahead[call.direction ?? "", default: 0] += 1
            }
            let expectedCount = ahead.values.map { min(ArrivalBoard.arrivalsPerGroup, $0) }.reduce(0, +)
            let shown = board.groups.map { $0.arrivals.count }.reduce(0, +)
            #expect(shown == expectedCount, "stop \(id)")
            for group in board.groups {
                let times = group.arrivals.compactMap { $0.time }
                #expect(times == times.sorted() && times.count == group.arrivals.count)
            }
        }
    }

    @Test("All-lines snapshots (2017): the routes Bus Time names at Manhattan stops run past them in the GTFS shapes")
    func routesSeenAtStops() throws {
        var service = BusStopService()
        for file in try RealFeeds.files(in: "bus-siri/vehicle-monitoring") where file.contains("all-lines") {
            service.record(try FeedReport(decoding: SharedData.data(file), name: file, profile: NYCTProfile(), fetchedAt: 0))
        }
        let network = RealFeeds.manhattanBuses
        #expect(service.routes(at: "404303") == ["M1", "M2"])
        var pairs = 0
        var passing = 0
        for stop in network.busStops {
            for route in service.routes(at: stop.id) where !network.shapes(ofRoute: route).isEmpty {
                pairs += 1
                if network.shapes(ofRoute: route).contains(where: { network.shapes[$0].stopPasses[stop.id] != nil }) { passing += 1 }
            }
        }
        // 920 Manhattan stops are named in the four snapshots; nearly every (stop, route) is on a shape of the route.
        #expect(pairs > 900)
        #expect(Double(passing) / Double(pairs) > 0.97, "\(passing) of \(pairs)")
    }

    @Test("Garbage, truncated and empty SIRI never crash: garbage fails, an empty delivery has no calls")
    func badInput() throws {
        let profile = NYCTProfile()
        for garbage in [Data("{\"Siri\":".utf8), Data("<Siri><ServiceDelivery>".utf8), Data([0xFF, 0x00, 0x13]), Data()] {
            #expect(throws: FeedReport.DecodingFailure.self) {
                _ = try FeedReport(decoding: garbage, name: "bad", profile: profile, fetchedAt: 0)
            }
        }
        let real = try SharedData.data("bus-siri/stop-monitoring/sm_B63_20120905T145422.json")
        for length in stride(from: 0, to: real.count, by: 97) {
            _ = try? FeedReport(decoding: real.prefix(length), name: "cut", profile: profile, fetchedAt: 0)
        }
        let empty = Data(#"{"Siri":{"ServiceDelivery":{"ResponseTimestamp":"2012-09-05T14:54:22.772-04:00","StopMonitoringDelivery":[{"MonitoredStopVisit":[]}]}}}"#.utf8)
        let report = try FeedReport(decoding: empty, name: "empty", profile: profile, fetchedAt: 0)
        #expect(report.busCalls.isEmpty && report.buses.isEmpty)
    }
}
