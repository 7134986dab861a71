import Testing
@testable import TracksideServer

/// `--feed-header "Name: value"`: what an agency's key header may be, and what it may never be.
@Suite struct FeedRequestHeaderTests {
    @Test func aKeyHeaderIsReadWithItsValueTrimmed() throws {
        let header = try #require(FeedRequestHeader(parsing: "x-api-key:  a1B2-c3_d4=  "))
        #expect(header.name == "x-api-key" && header.value == "a1B2-c3_d4=")
        let bearer = try #require(FeedRequestHeader(parsing: "Authorization: Bearer abc.def"))
        #expect(bearer.value == "Bearer abc.def")
        // The value is a secret: what the header says of itself masks it.
        #expect(header.description == "x-api-key: ••••" && !"\(header)".contains("a1B2"))
    }

    @Test(arguments: [
        "x-api-key", "x-api-key:", "x-api-key:   ", ": value", "x api key: v", "x-api-key\t: v", "x-api-kéy: v",
        "x-api-key: a\r\nHost: evil.example", "x-api-key: a\nb", "x-api-key: caf\u{E9}", "x-api-key: a\u{0}b",
        "Host: agency.example", "If-None-Match: \"x\"", "if-modified-since: Tue", "Content-Length: 0",
        "Transfer-Encoding: chunked", "Connection: close", "Accept-Encoding: br",
        "x-api-key: " + String(repeating: "k", count: FeedRequestHeader.maximumLength),
    ])
    func aHeaderThatCouldBreakTheRequestIsRefused(text: String) {
        #expect(FeedRequestHeader(parsing: text) == nil)
    }

    @Test func everyAgencyFeedIsFetchedWithTheHeaders() throws {
        let source = try TracksideConfiguration.Source(parsing: "gtfs-rt:https://agency.example/trips.pb,alerts=https://agency.example/alerts.pb")
        guard case .gtfsRealtime(let feeds) = source else { Issue.record("parsed as \(source)"); return }
        let key = try #require(FeedRequestHeader(parsing: "x-api-key: k"))
        #expect(feeds.endpoints(interval: 15, alertsInterval: 60, headers: [key]).map(\.headers) == [[key], [key]])
        #expect(feeds.endpoints(interval: 15, alertsInterval: 60).allSatisfy { $0.headers.isEmpty })
        // The key is not part of the source as --source, hello and /api/config say it.
        #expect(!source.description.contains("x-api-key"))
    }
}
