import Foundation
import Testing
@testable import TransitData

@Suite struct JSONWriterTests {
    @Test func writesNestedStructures() {
        var json = JSONWriter()
        json.object { o in
            o.key("id"); o.value("A\"1\\\n")
            o.key("n"); o.value(Int64.max)
            o.key("list"); o.array { a in a.value(true); a.null(); a.value(1.5) }
            o.key("empty"); o.object { _ in }
        }
        #expect(json.string == #"{"id":"A\"1\\\n","n":9223372036854775807,"list":[true,null,1.5],"empty":{}}"#)
    }

    @Test func escapesControlCharactersSoFoundationParsesThem() throws {
        var json = JSONWriter()
        json.array { a in a.value("\u{01}tab\there\u{1f}é") }
        let parsed = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String]
        #expect(parsed == ["\u{01}tab\there\u{1f}é"])
    }

    @Test func roundsCoordinatesToFixedDecimals() {
        #expect(JSONWriter.fixed(40.7527049, decimals: 5) == "40.7527")
        #expect(JSONWriter.fixed(-73.987654, decimals: 5) == "-73.98765")
        #expect(JSONWriter.fixed(-0.000004, decimals: 5) == "0")
        #expect(JSONWriter.fixed(0.00001, decimals: 5) == "0.00001")
        #expect(JSONWriter.fixed(-0.5, decimals: 0) == "-1")
        #expect(JSONWriter.fixed(12, decimals: 2) == "12")
    }

    @Test func nonFiniteNumbersBecomeNull() {
        var json = JSONWriter()
        json.array { a in a.value(Double.nan); a.value(Double.infinity) }
        #expect(json.string == "[null,null]")
    }
}
