import Foundation
import Testing
@testable import TransitData

@Suite struct GTFSValueTests {
    @Test func parsesScheduleTimesPastMidnight() throws {
        #expect(GTFSTime("00:06:00")?.secondsSinceServiceDayStart == 360)
        #expect(GTFSTime("8:05:09")?.secondsSinceServiceDayStart == 29_109)
        #expect(GTFSTime(" 25:10:00 ")?.secondsSinceServiceDayStart == 90_600)
        #expect(GTFSTime("25:10:00")?.description == "25:10:00")
        #expect(GTFSTime(hours: 7, minutes: 3, seconds: 9).description == "07:03:09")
        for bad in ["", "8:5:00", "08:60:00", "08:00:60", "08:00", "08:00:00:00", "08:5:00", "0800:00", "ab:cd:ef", "-1:00:00", "1000:00:00"] {
            #expect(GTFSTime(bad) == nil, "\(bad)")
        }
    }

    @Test func parsesDatesAndTheirWeekdays() throws {
        #expect(GTFSDate("20241225")?.weekday == .wednesday)
        #expect(GTFSDate("20181104")?.weekday == .sunday)
        #expect(GTFSDate("20000101")?.weekday == .saturday)
        #expect(GTFSDate("19700101")?.weekday == .thursday)
        #expect(GTFSDate("20240229") != nil)
        #expect(GTFSDate("21000229") == nil)
        #expect(GTFSDate("20000229") != nil)
        for bad in ["", "2024122", "202412250", "20241301", "20240431", "2024-12-2", "abcdefgh"] {
            #expect(GTFSDate(bad) == nil, "\(bad)")
        }
        #expect(GTFSDate("20240101")! < GTFSDate("20240102")!)
        #expect(GTFSDate("20231231")! < GTFSDate("20240101")!)
        #expect(GTFSDate("00010203")?.description == "00010203")
    }

    @Test func findsTheServiceDateInTheAgencyZone() throws {
        // 2024-12-26 03:30 UTC is still Christmas evening in New York.
        let instant = Date(timeIntervalSince1970: 1_735_183_800)
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        #expect(GTFSDate(instant, in: zone) == GTFSDate("20241225"))
        #expect(GTFSDate(instant, in: try #require(TimeZone(identifier: "UTC"))) == GTFSDate("20241226"))
    }

    @Test func parsesAndPrintsColours() {
        #expect(GTFSColor(hex: "EE352E") == GTFSColor(red: 0xEE, green: 0x35, blue: 0x2E))
        #expect(GTFSColor(hex: "#00933c")?.hex == "00933C")
        for bad in ["", "EE352", "EE352E0", "GG352E", "+E352E"] {
            #expect(GTFSColor(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func calendarRunsOnItsWeekdaysWithinItsRange() throws {
        let calendar = GTFSCalendar(serviceID: "Weekday", weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday],
                                    startDate: try #require(GTFSDate("20241215")), endDate: try #require(GTFSDate("20250117")))
        #expect(calendar.runs(on: try #require(GTFSDate("20241216"))))
        #expect(!calendar.runs(on: try #require(GTFSDate("20241215"))))  // a Sunday
        #expect(calendar.runs(on: try #require(GTFSDate("20250117"))))   // the last day, a Friday
        #expect(!calendar.runs(on: try #require(GTFSDate("20250120"))))  // past the end
    }

    @Test func aFrequencyWindowsNearestRunIsFoundWithinTheWindow() throws {
        // Runs at 08:00, 08:30, … 09:30 (10:00 is the end, when no run departs).
        let window = GTFSFrequency(tripID: "T", startTime: try #require(GTFSTime("08:00:00")),
                                   endTime: try #require(GTFSTime("10:00:00")), headway: 1800, exactTimes: true)
        let eight = 8 * 3600.0
        #expect(window.runStart(nearest: eight + 60) == Int32(eight))
        #expect(window.runStart(nearest: eight + 1000) == Int32(eight + 1800))
        #expect(window.runStart(nearest: eight - 600) == Int32(eight))               // before the first run
        #expect(window.runStart(nearest: eight + 2 * 3600) == Int32(eight + 5400))   // at the end: the last run
        // A one-second headway over a whole day is answered by arithmetic, not by listing 86,400 runs.
        let dense = GTFSFrequency(tripID: "T", startTime: try #require(GTFSTime("00:00:00")),
                                  endTime: try #require(GTFSTime("24:00:00")), headway: 1, exactTimes: true)
        #expect(dense.runStart(nearest: 43_200.4) == 43_200)
        #expect(dense.runStart(nearest: 90_000) == 86_399)
    }
}
