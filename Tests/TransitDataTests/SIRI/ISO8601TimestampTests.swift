import Foundation
import Testing
@testable import TransitData
import TestSupport

@Suite struct ISO8601TimestampTests {
    @Test func readsOffsetsAndFractions() {
        // 2017-02-25T20:42:33.865Z is 1488055353.865 (date -u -d '2017-02-25 20:42:33' +%s → 1488055353).
        #expect(ISO8601Timestamp.secondsSince1970("2017-02-25T15:42:33.865-05:00") == 1_488_055_353.865)
        #expect(ISO8601Timestamp.secondsSince1970("2017-02-25T20:42:33.865Z") == 1_488_055_353.865)
        #expect(ISO8601Timestamp.secondsSince1970("2017-02-25T21:42:33.865+0100") == 1_488_055_353.865)
        #expect(ISO8601Timestamp.secondsSince1970("2017-02-25T22:42:33.865+02") == 1_488_055_353.865)
        #expect(ISO8601Timestamp.secondsSince1970("2017-02-25 20:42:33z") == 1_488_055_353)
        #expect(ISO8601Timestamp.secondsSince1970("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601Timestamp.secondsSince1970("1969-12-31T23:59:59Z") == -1)
        // Digits past nanoseconds are ignored rather than overflowing.
        #expect(ISO8601Timestamp.secondsSince1970("2012-08-21T12:06:21.4850000000000001-04:00") == 1_345_565_181.485)
        #expect(ISO8601Timestamp.parse("2012-08-21T12:06:21.485-04:00") == Date(timeIntervalSince1970: 1_345_565_181.485))
    }

    @Test func agreesWithFoundationAcrossLeapYearsAndOffsets() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var generator = SplitMix64(seed: 2017)
        for _ in 0..<2_000 {
            let seconds = Int64(generator.next() % 8_000_000_000) - 2_000_000_000
            let offsetMinutes = Int(generator.next() % 1_680) - 840
            formatter.timeZone = TimeZone(secondsFromGMT: offsetMinutes * 60)
            let text = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
            #expect(ISO8601Timestamp.secondsSince1970(text) == Double(seconds), "\(text)")
        }
    }

    @Test func rejectsInvalidDates() {
        for text in [
            "2017-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2017-13-01T00:00:00Z", "2017-00-10T00:00:00Z",
            "2017-04-31T00:00:00Z", "2017-01-01T24:00:00Z", "2017-01-01T23:60:00Z", "2017-01-01T23:00:61Z",
            "2017-01-01T00:00:00+24:00", "2017-01-01T00:00:00+01:60",
        ] {
            #expect(ISO8601Timestamp.parse(text) == nil, "\(text)")
        }
        #expect(ISO8601Timestamp.parse("2000-02-29T00:00:00Z") != nil)
        #expect(ISO8601Timestamp.parse("2016-12-31T23:59:60Z") != nil)
    }

    @Test func rejectsEveryTruncationAndMissingOffset() {
        let full = "2017-02-25T15:42:33.865-05:00"
        for length in 0..<full.count {
            let prefix = String(full.prefix(length))
            if prefix.hasSuffix("-05") {
                // `±hh` alone is a complete offset.
                #expect(ISO8601Timestamp.parse(prefix) == ISO8601Timestamp.parse(full))
            } else {
                // Cut inside the offset, or before it (a time without an offset).
                #expect(ISO8601Timestamp.parse(prefix) == nil, "\(prefix)")
            }
        }
        #expect(ISO8601Timestamp.parse(full + " ") == nil)
        #expect(ISO8601Timestamp.parse(full + "0") == nil)
    }

    @Test func rejectsGarbage() {
        for text in ["", "now", "2017-02-25", "2017/02/25T15:42:33Z", "２０17-02-25T15:42:33Z",
                     "2017-02-25T15:42:33.Z", "2017-02-25T15:42:33.-05:00", "-017-02-25T15:42:33Z",
                     "2017-02-25T15:42:33+5:00", "2017-02-25T15:42:33 -05:00"] {
            #expect(ISO8601Timestamp.parse(text) == nil, "\(text)")
        }
    }
}
