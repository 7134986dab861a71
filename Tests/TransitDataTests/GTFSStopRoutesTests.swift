import Foundation
import Testing
import TestSupport
@testable import TransitData

@Suite("Routes calling at each stop, from stop_times")
struct GTFSStopRoutesTests {
    static let tables: [String: String] = [
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nB1,B1,,3\nB2,B2,,3\nX,X,,3\n",
        "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\nP,P,40.7,-73.9\nQ,Q,40.71,-73.9\nR,R,40.72,-73.9\nU,Unused,40.73,-73.9\n",
        "trips.txt": "route_id,trip_id,service_id\nB1,t1,S\nB2,t2,S\nX,t3,S\n",
        // t3 runs through Q without serving it (no pickup, no drop-off); rows of t1 are split.
        "stop_times.txt": """
            trip_id,stop_id,arrival_time,departure_time,stop_sequence,pickup_type,drop_off_type
            t1,P,08:00:00,08:00:00,1,,
            t2,P,08:05:00,08:05:00,1,0,0
            t2,Q,08:07:00,08:07:00,2,,
            t3,P,08:10:00,08:10:00,1,,
            t3,Q,08:12:00,08:12:00,2,1,1
            t1,R,08:04:00,08:04:00,2,1,0

            """,
    ]

    @Test("Every route whose trips serve a stop; a stop only passed through, or never visited, has none")
    func routesByStop() throws {
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(Self.tables))
        let routes = try #require(try feed.routesCallingAtStops())
        #expect(routes == ["P": ["B1", "B2", "X"], "Q": ["B2"], "R": ["B1"]])
    }

    @Test("From stop_times already loaded: the same routes, unserved calls left out, without reading them again")
    func routesByStopFromTheSchedule() throws {
        let folder = try TemporaryFolder.with(Self.tables)
        let feed = try GTFSFeed(contentsOf: folder)
        let schedule = try feed.loadSchedule()
        #expect(schedule.unservedCalls.count == 1)
        #expect(try feed.routesCallingAtStops(in: schedule) == ["P": ["B1", "B2", "X"], "Q": ["B2"], "R": ["B1"]])
        // Taken from the schedule: the file is gone and nothing reads it.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("stop_times.txt"))
        #expect(try feed.routesCallingAtStops(in: schedule) == ["P": ["B1", "B2", "X"], "Q": ["B2"], "R": ["B1"]])
    }

    @Test("The bundled 1 and 2 timetable: the same routes at every stop read either way")
    func bundledTimetableEitherWay() throws {
        let feed = try GTFSFeed(contentsOf: try BundledData.locate().subwayFeed)
        let streamed = try #require(try feed.routesCallingAtStops())
        #expect(streamed.count > 50)
        #expect(try feed.routesCallingAtStops(in: feed.loadSchedule()) == streamed)
    }

    @Test("A feed without stop_times gives nil, not an empty mapping")
    func noStopTimes() throws {
        var tables = Self.tables
        tables["stop_times.txt"] = nil
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(tables))
        #expect(try feed.routesCallingAtStops() == nil)
        #expect(try feed.routesCallingAtStops(in: feed.loadSchedule()) == nil)
        #expect(try GTFSFeed(stops: []).routesCallingAtStops() == nil)
    }

    @Test("A call of a trip missing from trips.txt fails with its file and line")
    func unknownTrip() throws {
        var tables = Self.tables
        tables["stop_times.txt"] = "trip_id,stop_id,arrival_time,departure_time,stop_sequence\nt1,P,08:00:00,08:00:00,1\nghost,Q,08:00:00,08:00:00,1\n"
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(tables))
        #expect {
            _ = try feed.routesCallingAtStops()
        } throws: { error in
            "\(error)".contains("stop_times.txt") && "\(error)".contains("3") && "\(error)".contains("ghost")
        }
        #expect {
            _ = try feed.routesCallingAtStops(in: feed.loadSchedule())
        } throws: { error in
            "\(error)" == "stop_times: trip 'ghost' is not in trips.txt"
        }
    }

    @Test("Garbage stop_times fail instead of giving routes")
    func garbage() throws {
        var tables = Self.tables
        tables["stop_times.txt"] = "trip_id,stop_id,arrival_time,departure_time,stop_sequence\nt1,P,8 o'clock,,first\n"
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(tables))
        #expect(throws: (any Error).self) { _ = try feed.routesCallingAtStops() }
    }
}
