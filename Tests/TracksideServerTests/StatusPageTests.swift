import Testing
@testable import TracksideServer

/// The human `/status` page: every feed as a row, and nothing from a feed interpreted as HTML.
@Suite struct StatusPageTests {
    @Test func rowsShowHealthAgeAndCountsWithTextEscaped() {
        let page = StatusPage(feeds: [
            FeedStatus(id: "gtfs-7", age: 12.4, isStale: false, failure: nil, accepted: 30, duplicates: 2, failures: 0),
            FeedStatus(id: "<b>x</b>", age: nil, isStale: true, failure: "bad \"gzip\" & more", accepted: 0,
                       duplicates: 0, failures: 3, lastFailure: "bad \"gzip\" & more", lastFailureAt: 1_000),
            FeedStatus(id: "l", age: 100, isStale: true, failure: nil, accepted: 3, duplicates: 0, failures: 1,
                       lastFailure: "HTTP 503", lastFailureAt: 900),
        ], connections: 5, regions: 4, seq: 99, uptime: 61.7, version: "1.0", now: 1_012.4)
        let html = page.html
        #expect(html.contains(#"<tr class="fresh"><td>gtfs-7</td><td>fresh</td><td>12 s</td><td>30</td><td>2</td><td>0</td><td></td></tr>"#))
        #expect(html.contains(#"<tr class="stale"><td>&lt;b&gt;x&lt;/b&gt;</td><td>failing</td><td>—</td>"#))
        #expect(html.contains("<td>bad &quot;gzip&quot; &amp; more (12 s ago)</td>"))
        // A feed that recovered from a failure but whose data is old: stale, with the failure on record.
        #expect(html.contains(#"<tr class="stale"><td>l</td><td>stale</td><td>100 s</td><td>3</td><td>0</td><td>1</td><td>HTTP 503 (112 s ago)</td></tr>"#))
        #expect(!html.contains("<b>x</b>"))
        #expect(html.contains("Up 61 s · 5 connections · 4 views · tick 99"))
    }
}
