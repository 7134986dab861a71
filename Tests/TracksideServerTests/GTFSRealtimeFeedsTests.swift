import Foundation
import Testing
@testable import TracksideServer

/// `--source gtfs-rt:URL[,URL…]`: any agency's live feeds, parsed, named and polled as endpoints.
@Suite struct GTFSRealtimeFeedsTests {
    @Test func vehicleAndAlertFeedsAreNamedByTheirPlaceInTheList() throws {
        let source = try TracksideConfiguration.Source(parsing:
            "gtfs-rt:https://agency.example/vehicles.pb, https://agency.example/trips.pb?key=a%2Cb,alerts=http://127.0.0.1:9/alerts")
        guard case .gtfsRealtime(let feeds) = source else { Issue.record("parsed as \(source)"); return }
        let endpoints = feeds.endpoints(interval: 20, alertsInterval: 90)
        #expect(endpoints.map(\.feedID) == ["rt1", "rt2", "alerts1"])
        #expect(endpoints.map(\.url.absoluteString) == ["https://agency.example/vehicles.pb", "https://agency.example/trips.pb?key=a%2Cb",
                                                       "http://127.0.0.1:9/alerts"])
        #expect(endpoints.map(\.kind) == [.vehicles, .vehicles, .alerts] && endpoints.allSatisfy { $0.format == .gtfsRealtime })
        #expect(endpoints.map(\.interval) == [20, 20, 90])
        // The source says itself as --source takes it, and reads back the same.
        #expect(try TracksideConfiguration.Source(parsing: source.description) == source)
    }

    @Test(arguments: [
        ("gtfs-rt:", "bad feed URL '': expected http:// or https://"),
        ("gtfs-rt:alerts=https://agency.example/alerts.pb", "gtfs-rt: needs at least one vehicle feed URL"),
        ("gtfs-rt:ftp://agency.example/feed.pb", "bad feed URL 'ftp://agency.example/feed.pb': expected http:// or https://"),
        ("gtfs-rt:https://a.example/1.pb,,https://a.example/2.pb", "bad feed URL '': expected http:// or https://"),
        ("gtfs-rt:https://", "bad feed URL 'https://': expected http:// or https://"),
        ("gtfs-rt:" + Array(repeating: "https://a.example/f.pb", count: 17).joined(separator: ","), "gtfs-rt: takes at most 16 feeds"),
    ])
    func aListThatCannotBePolledIsRefusedInOneLine(text: String, message: String) {
        do {
            let source = try TracksideConfiguration.Source(parsing: text)
            Issue.record("accepted as \(source)")
        } catch {
            #expect(error.description == message)
        }
    }
}
