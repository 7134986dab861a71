import Foundation
import Testing
import TestSupport
import TransitData
@testable import TransitEngine

@Suite("The timetable's next service at a station")
struct ScheduledServiceTests {
    /// A line A with a northbound weekday trip at 05:32 and 23:50 (which runs past midnight: 24:10 at the second
    /// stop), a southbound weekend-only trip, and a trip ending at 100 (its last call is no departure).
    static let tables: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nX,X,https://x.example,America/New_York\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nA,A,,1\n",
        "calendar.txt": """
            service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
            WD,1,1,1,1,1,0,0,20240101,20241231
            WE,0,0,0,0,0,1,1,20240101,20241231

            """,
        "stops.txt": """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
            100,One,40.70,-73.90,1,
            100N,One,40.70,-73.90,0,100
            100S,One,40.70,-73.90,0,100
            200N,Two,40.71,-73.90,0,
            300N,Three,40.72,-73.90,0,

            """,
        "trips.txt": "route_id,trip_id,service_id\nA,early,WD\nA,late,WD\nA,weekend,WE\nA,ending,WD\n",
        "stop_times.txt": """
            trip_id,stop_id,arrival_time,departure_time,stop_sequence
            early,100N,05:32:00,05:32:00,1
            early,200N,05:40:00,05:40:00,2
            late,100N,23:50:00,23:50:00,1
            late,200N,24:10:00,24:10:00,2
            late,300N,24:20:00,24:20:00,3
            weekend,100S,07:00:00,07:00:00,1
            weekend,200N,07:10:00,07:10:00,2
            ending,200N,03:00:00,03:00:00,1
            ending,100S,03:10:00,03:10:00,2

            """,
    ]

    static func service(_ tables: [String: String] = tables) throws -> ScheduledService {
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(tables))
        // NYCT's rule names a platform's direction by its suffix, as the boards do.
        let network = try Network(gtfs: [feed], profile: NYCTProfile())
        return ScheduledService(schedule: try feed.loadSchedule(), trips: feed.trips.rows, frequencies: feed.frequencies,
                                network: network, timeZone: TimeZone(identifier: "America/New_York")!,
                                servicesOn: { feed.activeServiceIDs(on: $0) })
    }

    /// Seconds since the epoch of a New York wall time.
    static func newYork(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!.timeIntervalSince1970
    }

    @Test("After the last train: the next morning's first, per direction; a weekend line waits for Saturday")
    func night() throws {
        let service = try Self.service()
        // Wednesday 2024-12-18, 02:30.
        let next = service.next(at: ["100N", "100S"], after: Self.newYork(2024, 12, 18, 2, 30))
        #expect(next == [ScheduledService.Next(routeID: "A", direction: "N", time: Self.newYork(2024, 12, 18, 5, 32)),
                         ScheduledService.Next(routeID: "A", direction: "S", time: Self.newYork(2024, 12, 21, 7, 0))])
        // A line with predictions is left out; the terminal's arriving trip is no departure (100S's 03:10 is not one).
        #expect(service.next(at: ["100N", "100S"], after: Self.newYork(2024, 12, 18, 2, 30),
                             except: [ScheduledService.key(("A", "N"))]).map(\.direction) == ["S"])
    }

    @Test("A time past 24:00 runs after midnight on the previous service day")
    func pastMidnight() throws {
        let service = try Self.service()
        // Thursday 00:05: Wednesday's 24:10 at 200N is next, before Thursday's 05:40.
        let next = service.next(at: ["200N"], after: Self.newYork(2024, 12, 19, 0, 5))
        #expect(next.first { $0.routeID == "A" && $0.direction == "N" }?.time == Self.newYork(2024, 12, 19, 0, 10))
    }

    @Test("Outside the calendar and without stop_times nothing is claimed")
    func nothingToSay() throws {
        let service = try Self.service()
        #expect(service.next(at: ["100N"], after: Self.newYork(2026, 6, 1, 2, 0)).isEmpty)
        #expect(service.next(at: ["nowhere"], after: Self.newYork(2024, 12, 18, 2, 30)).isEmpty)
        var tables = Self.tables
        tables["stop_times.txt"] = nil
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(tables))
        let empty = ScheduledService(schedule: try feed.loadSchedule(), trips: feed.trips.rows, network: try Network(gtfs: [feed]),
                                     timeZone: TimeZone(identifier: "UTC")!, servicesOn: { feed.activeServiceIDs(on: $0) })
        #expect(empty.isEmpty)
    }

    /// A frequency-based trip (its stop_times a template timed at 05:00, run every 10 minutes 08:00–09:00 and every
    /// 30 minutes 18:00–19:00 on weekdays): departures are the windows' runs, never the template's own times.
    @Test("A frequency-based trip departs at its windows' runs plus the stop's offset in the template")
    func frequencyBasedTrips() throws {
        var tables = Self.tables
        tables["trips.txt"] = "route_id,trip_id,service_id\nA,loop,WD\n"
        tables["stop_times.txt"] = "trip_id,stop_id,arrival_time,departure_time,stop_sequence\nloop,100N,05:00:00,05:00:00,1\nloop,200N,05:07:00,05:07:00,2\nloop,300N,05:15:00,05:15:00,3\n"
        tables["frequencies.txt"] = "trip_id,start_time,end_time,headway_secs\nloop,08:00:00,09:00:00,600\nloop,18:00:00,19:00:00,1800\n"
        let service = try Self.service(tables)
        let next = { (hour: Int, minute: Int) in service.next(at: ["200N"], after: Self.newYork(2024, 6, 4, hour, minute)).map(\.time) }
        // Before the window (not at the template's 05:07): the first run's, 08:07.
        #expect(next(4, 0) == [Self.newYork(2024, 6, 4, 8, 7)])
        // Inside it: the next run after now (08:31 → the 08:30 run reaches 200N at 08:37).
        #expect(next(8, 31) == [Self.newYork(2024, 6, 4, 8, 37)])
        // After its last run (08:50, at 200N 08:57): the evening window's first; after that, tomorrow's 08:07.
        #expect(next(8, 58) == [Self.newYork(2024, 6, 4, 18, 7)])
        #expect(next(18, 40) == [Self.newYork(2024, 6, 5, 8, 7)])
        #expect(!service.isEmpty)
    }

    @Test("A departure the feeds cancel is not the next service: the one after it is")
    func cancelledDeparturesArePassedOver() throws {
        let service = try Self.service()
        let night = Self.newYork(2024, 12, 18, 2, 30)
        let north = ScheduledService.key(("A", "N"))
        // The 05:32 is cancelled: the next northbound departure from 100N is the 23:50.
        let cancelled = CancelledDepartures(byLine: [north: [Int64(Self.newYork(2024, 12, 18, 5, 32))]])
        #expect(service.next(at: ["100N"], after: night, cancelled: cancelled)
                == [ScheduledService.Next(routeID: "A", direction: "N", time: Self.newYork(2024, 12, 18, 23, 50))])
        // A cancellation of another line, or at another time, changes nothing.
        for other in [CancelledDepartures(byLine: [ScheduledService.key(("A", "S")): [Int64(Self.newYork(2024, 12, 18, 5, 32))]]),
                      CancelledDepartures(byLine: [north: [Int64(Self.newYork(2024, 12, 17, 5, 32))]])] {
            #expect(service.next(at: ["100N"], after: night, cancelled: other).map(\.time) == [Self.newYork(2024, 12, 18, 5, 32)])
        }
    }

    @Test("A cancelled run of a frequency-based trip is passed over for the window's next run")
    func cancelledFrequencyRunsArePassedOver() throws {
        var tables = Self.tables
        tables["trips.txt"] = "route_id,trip_id,service_id\nA,loop,WD\n"
        tables["stop_times.txt"] = "trip_id,stop_id,arrival_time,departure_time,stop_sequence\nloop,100N,05:00:00,05:00:00,1\nloop,200N,05:07:00,05:07:00,2\n"
        tables["frequencies.txt"] = "trip_id,start_time,end_time,headway_secs\nloop,08:00:00,08:30:00,600\n"
        let service = try Self.service(tables)
        let key = ScheduledService.key(("A", "N"))
        let run = { (hour: Int, minute: Int) in Int64(Self.newYork(2024, 6, 4, hour, minute)) }
        // The 08:00 and 08:10 runs cancelled: the 08:20.
        let two = CancelledDepartures(byLine: [key: [run(8, 0), run(8, 10)]])
        #expect(service.next(at: ["100N"], after: Self.newYork(2024, 6, 4, 4, 0), cancelled: two).map(\.time)
                == [Self.newYork(2024, 6, 4, 8, 20)])
        // Every run of the window cancelled: the next day's first.
        let all = CancelledDepartures(byLine: [key: [run(8, 0), run(8, 10), run(8, 20)]])
        #expect(service.next(at: ["100N"], after: Self.newYork(2024, 6, 4, 4, 0), cancelled: all).map(\.time)
                == [Self.newYork(2024, 6, 5, 8, 0)])
    }
}
