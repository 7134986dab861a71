import Foundation
import Testing
@testable import TransitData

@Suite struct GTFSServiceDayTests {
    let newYork = TimeZone(identifier: "America/New_York")!

    @Test func serviceDayStartsAtLocalMidnightOnOrdinaryDays() throws {
        let date = try #require(GTFSDate("20241216"))
        // 2024-12-16 00:00 EST = 05:00 UTC.
        #expect(date.serviceDayStart(in: newYork).timeIntervalSince1970 == 1_734_325_200)
    }

    @Test func serviceDayStartsAtNoonMinusTwelveHoursWhenClocksChange() throws {
        // 2024-03-10: clocks spring forward at 02:00 EST; noon is 12:00 EDT = 16:00 UTC, minus 12 h = 04:00 UTC,
        // which is 23:00 EST of the day before: not midnight.
        let date = try #require(GTFSDate("20240310"))
        #expect(date.serviceDayStart(in: newYork).timeIntervalSince1970 == 1_710_043_200)
    }

    @Test func addsDaysAcrossMonthsAndYears() throws {
        #expect(try #require(GTFSDate("20241231")).adding(days: 1) == GTFSDate("20250101"))
        #expect(try #require(GTFSDate("20240301")).adding(days: -1) == GTFSDate("20240229"))
        #expect(try #require(GTFSDate("20241216")).adding(days: 0) == GTFSDate("20241216"))
    }
}
