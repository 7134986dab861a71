import Foundation
import Testing
@testable import TransitEngine

@Suite struct AlertTimingTests {
    let newYork = TimeZone(identifier: "America/New_York")!

    func timing(_ periods: [AlertPeriod], at now: Double) -> AlertTiming? {
        AlertTiming.classify(periods, at: now, in: newYork)
    }

    @Test func activeOpenAndEndedPeriods() {
        let now = 1_705_795_178.0 // 2024-01-20 18:59:38 EST
        #expect(timing([], at: now) == .now)
        #expect(timing([AlertPeriod(start: now - 60, end: nil)], at: now) == .now)
        #expect(timing([AlertPeriod(start: nil, end: now + 1)], at: now) == .now)
        #expect(timing([AlertPeriod(start: now, end: now + 1)], at: now) == .now)
        #expect(timing([AlertPeriod(start: now - 60, end: now)], at: now) == nil)
        #expect(timing([AlertPeriod(start: now - 60, end: now - 1), AlertPeriod(start: now + 60, end: nil)], at: now) == .laterToday)
    }

    @Test func localDaysInNewYork() {
        let now = 1_705_795_178.0 // 2024-01-20 18:59:38 EST
        #expect(timing([AlertPeriod(start: 1_705_813_199, end: nil)], at: now) == .laterToday) // 23:59:59
        #expect(timing([AlertPeriod(start: 1_705_813_200, end: nil)], at: now) == .tomorrow)   // 01-21 00:00
        #expect(timing([AlertPeriod(start: 1_705_813_200 + 86_399, end: nil)], at: now) == .tomorrow)
        #expect(timing([AlertPeriod(start: 1_705_813_200 + 86_400, end: nil)], at: now) == .later)
        // The earliest upcoming period decides.
        #expect(timing([AlertPeriod(start: 1_705_813_200 + 90_000, end: nil), AlertPeriod(start: 1_705_813_300, end: nil)], at: now) == .tomorrow)
    }

    @Test func daysAcrossDaylightSavingChanges() {
        // 2024-03-09 22:00 EST; 2024-03-10 has 23 hours.
        let springNow = 1_710_039_600.0
        #expect(timing([AlertPeriod(start: 1_710_127_800, end: nil)], at: springNow) == .tomorrow) // 03-10 23:30 EDT
        #expect(timing([AlertPeriod(start: 1_710_131_400, end: nil)], at: springNow) == .later)    // 03-11 00:30 EDT
        // 2024-11-02 22:00 EDT; 2024-11-03 has 25 hours.
        let fallNow = 1_730_599_200.0
        #expect(timing([AlertPeriod(start: 1_730_694_600, end: nil)], at: fallNow) == .tomorrow)   // 11-03 23:30 EST
        #expect(timing([AlertPeriod(start: 1_730_698_200, end: nil)], at: fallNow) == .later)      // 11-04 00:30 EST
    }
}
