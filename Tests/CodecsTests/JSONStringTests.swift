import Codecs
import Testing

/// The one JSON string escaper and the FNV-1a hash.
@Suite struct JSONStringTests {
    @Test func quotesBackslashesAndControlCharactersAreEscapedAndTheRestIsNot() {
        #expect(JSONString.quoted("plain") == "\"plain\"")
        #expect(JSONString.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONString.quoted("\n\r\t\u{0}\u{1f}\u{7f}") == #""\n\r\t\u0000\u001f"# + "\u{7f}\"")
        #expect(JSONString.quoted("Ünïcödé — 🚇 /") == "\"Ünïcödé — 🚇 /\"")
        var bytes = Array("x:".utf8)
        JSONString.appendQuoted("é\u{8}", to: &bytes)
        #expect(bytes == Array("x:\"é\\u0008\"".utf8))
    }

    @Test func fnv1aMatchesThePublishedVectors() {
        #expect(FNV1a.hash([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash("foobar".utf8) == 0x8594_4171_f739_67e8)
    }
}
