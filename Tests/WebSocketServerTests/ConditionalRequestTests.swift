import Testing
@testable import WebSocketServer

/// `If-Modified-Since` on a prepared document, and the IMF-fixdate parser it needs (RFC 9110 §5.6.7, §13.1.3).
@Suite struct ConditionalRequestTests {
    @Test func imfFixdatesRoundTripAndOtherFormsAreIgnored() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        for seconds in [0, 784_111_777, 1_559_402_908, 4_102_444_799] {
            #expect(HTTPDate.parse(HTTPDate.format(seconds)) == seconds)
        }
        for text in ["", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC",
                     "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
                     "Xyz, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT", String(repeating: "9", count: 300)] {
            #expect(HTTPDate.parse(text) == nil, "\(text.prefix(40))")
        }
    }

    func request(_ headers: [(String, String)]) -> HTTPRequest {
        HTTPRequest(method: "GET", target: "/feed", headers: HTTPHeaders(headers))
    }

    @Test func ifModifiedSinceIsAnsweredWhenNoEntityTagIsAsked() {
        let document = PreparedDocument(body: Array("feed".utf8), contentType: "application/x-protobuf")
        let modified = 1_559_402_908
        let plain = document.response(to: request([]), lastModified: modified)
        #expect(plain.status == .ok && plain.headers["Last-Modified"] == "Sat, 01 Jun 2019 15:28:28 GMT")
        #expect(document.response(to: request([("If-Modified-Since", HTTPDate.format(modified))]), lastModified: modified).status == .notModified)
        #expect(document.response(to: request([("If-Modified-Since", HTTPDate.format(modified + 60))]), lastModified: modified).status == .notModified)
        #expect(document.response(to: request([("If-Modified-Since", HTTPDate.format(modified - 1))]), lastModified: modified).status == .ok)
        #expect(document.response(to: request([("If-Modified-Since", "garbage")]), lastModified: modified).status == .ok)
        // A mismatched If-None-Match decides alone; without lastModified, If-Modified-Since means nothing.
        let both = [("If-None-Match", "\"other\""), ("If-Modified-Since", HTTPDate.format(modified))]
        #expect(document.response(to: request(both), lastModified: modified).status == .ok)
        #expect(document.response(to: request([("If-Modified-Since", HTTPDate.format(modified))])).status == .ok)
        #expect(document.response(to: request([("If-None-Match", document.entityTag)]), lastModified: modified).status == .notModified)
    }
}
