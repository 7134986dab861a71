import Foundation
import TestSupport
import TransitData
@testable import TransitEngine

/// The real networks and feeds of ../shared/data, loaded once per test process.
enum RealFeeds {
    static let subwayGTFS = "nyc-subway-gtfs/2018-11_full-except-stop_times"
    static let busGTFS = "bus-gtfs/manhattan-2020-04_no-stop_times"

    /// The 2018 subway network with the NYCT profile.
    static let subway: Network = {
        let feed = try! GTFSFeed(contentsOf: SharedData.url(subwayGTFS))
        return try! Network(gtfs: [feed], profile: NYCTProfile())
    }()

    /// The 2020 Manhattan bus network.
    static let manhattanBuses: Network = {
        let feed = try! GTFSFeed(contentsOf: SharedData.url(busGTFS))
        return try! Network(gtfs: [feed], profile: NYCTProfile())
    }()

    /// The 2018 subway and the 2020 Manhattan buses in one network, as `serve` builds it.
    static let subwayAndBuses: Network = {
        let feeds = [try! GTFSFeed(contentsOf: SharedData.url(subwayGTFS)), try! GTFSFeed(contentsOf: SharedData.url(busGTFS))]
        return try! Network(gtfs: feeds, profile: NYCTProfile())
    }()

    /// A SIRI file of ../shared/data/bus-siri read into a feed report.
    static func siriFeed(_ relativePath: String) throws -> FeedReport {
        try FeedReport(decoding: SharedData.data("bus-siri/" + relativePath), name: relativePath, profile: NYCTProfile(), fetchedAt: 0)
    }

    /// A GTFS-realtime file read into a feed report.
    static func subwayFeed(_ relativePath: String) throws -> FeedReport {
        let data = try Inflate.gunzipIfNeeded(SharedData.data(relativePath))
        let message = try GTFSRealtime.FeedMessage(protobuf: [UInt8](data), extensions: RealtimeFeedKind.vehicles.extensions)
        return FeedReport(name: relativePath, realtime: message, profile: NYCTProfile(), fetchedAt: 0)
    }

    /// The files of a folder of ../shared/data, sorted by name.
    static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: SharedData.url(folder).path).sorted().map { "\(folder)/\($0)" }
    }
}
