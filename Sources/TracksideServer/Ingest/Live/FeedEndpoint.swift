import Foundation
import TransitData

/// One feed a poller fetches: where, in which format and how often.
public struct FeedEndpoint: Equatable, Sendable {
    /// Stable feed id (`ace`, `subway-alerts`, `siri-vm`), also the recorded files' prefix.
    public var feedID: String
    public var url: URL
    public var format: FeedFormat
    /// Vehicles or service alerts.
    public var kind: RealtimeFeedKind
    /// Seconds between two fetches when the feed is healthy.
    public var interval: Double
    /// Sent with every fetch (an agency's API key, `--feed-header`).
    public var headers: [FeedRequestHeader]

    public init(feedID: String, url: URL, format: FeedFormat, kind: RealtimeFeedKind = .vehicles, interval: Double,
                headers: [FeedRequestHeader] = []) {
        self.feedID = feedID
        self.url = url
        self.format = format
        self.kind = kind
        self.interval = interval
        self.headers = headers
    }
}
