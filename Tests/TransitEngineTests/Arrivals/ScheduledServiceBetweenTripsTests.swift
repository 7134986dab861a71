import Foundation
import Testing
import TestSupport
import TransitData
@testable import TransitEngine

/// When the timetable has a trip under way (`ScheduledService.isBetweenTrips`), on `ScheduledServiceTests`' line A (weekday trips 05:32–05:40,
/// 23:50–24:20 and 03:00–03:10, a weekend one at 07:00) plus a weekday trip run every 10 minutes from 10:00 to
/// 11:00, each run 10 minutes long.
@Suite struct ScheduledServiceBetweenTripsTests {
    static func hours() throws -> ScheduledService {
        var tables = ScheduledServiceTests.tables
        tables["trips.txt"]! += "A,every-10,WD\n"
        tables["stop_times.txt"] = tables["stop_times.txt"]!.trimmingCharacters(in: .newlines)
            + "\nevery-10,100N,10:00:00,10:00:00,1\nevery-10,200N,10:10:00,10:10:00,2\n"
        tables["frequencies.txt"] = "trip_id,start_time,end_time,headway_secs\nevery-10,10:00:00,11:00:00,600\n"
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(tables))
        return ScheduledService(schedule: try feed.loadSchedule(), trips: feed.trips.rows, frequencies: feed.frequencies,
                                network: try Network(gtfs: [feed], profile: NYCTProfile()),
                                timeZone: TimeZone(identifier: "America/New_York")!, servicesOn: { feed.activeServiceIDs(on: $0) })
    }

    @Test(arguments: [
        // Wednesday 2024-12-18.
        ((0, 15), false),   // Tuesday's 23:50 trip, past midnight, is under way
        ((2, 30), true),    // after it, before the 03:00 one
        ((3, 5), false),
        ((5, 35), false),
        ((10, 55), false),  // a run of the frequency window
        ((11, 5), false),   // the window's last run (10:50 or so) is still out
        ((11, 15), true),
        ((22, 0), true),
    ])
    func aTripIsUnderWayFromItsFirstDepartureToItsLastArrival(time: (hour: Int, minute: Int), between: Bool) throws {
        let hours = try Self.hours()
        #expect(hours.isBetweenTrips(at: ScheduledServiceTests.newYork(2024, 12, 18, time.hour, time.minute)) == between)
    }

    @Test func aDayTheCalendarRunsNothingOnCannotTellNightFromABrokenFeed() throws {
        let hours = try Self.hours()
        // The calendar ends with 2024: at 02:30 on a Wednesday of 2025 nothing is known, so nothing is believed.
        #expect(!hours.isBetweenTrips(at: ScheduledServiceTests.newYork(2025, 6, 18, 2, 30)))
        // Calls of trips it does not know (a timetable without the trips they belong to) say nothing either.
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(ScheduledServiceTests.tables))
        let unknown = ScheduledService(schedule: try feed.loadSchedule(), trips: [], network: try Network(gtfs: [feed]),
                                       timeZone: TimeZone(identifier: "America/New_York")!, servicesOn: { _ in ["WD"] })
        #expect(!unknown.isBetweenTrips(at: ScheduledServiceTests.newYork(2024, 12, 18, 2, 30)))
    }
}
