import Foundation
import TransitData

/// How a feed's bytes are encoded.
public enum FeedFormat: String, Sendable {
    /// GTFS-realtime protobuf (`.pb`), vehicles, trip updates or alerts.
    case gtfsRealtime
    /// SIRI JSON (`.json`) from MTA Bus Time.
    case siri
}

/// One fetched feed document, still encoded (possibly gzip-compressed), as a source
/// delivers it to the decoding stage; or the news that a fetch brought none.
public struct FeedPayload: Sendable {
    /// What the fetch brought.
    public enum Content: Equatable, Sendable {
        /// A document, in `bytes`.
        case document
        /// 304: the publisher confirmed the last document is current (`bytes` is empty).
        case notModified
        /// No document (`bytes` is empty); the feed keeps its last good data.
        case failed(FetchFailure)
    }

    /// Stable per feed (`bdfm`, `feed51-7`, `siri-vm`): a newer payload replaces an older one.
    public var feedID: String
    public var format: FeedFormat
    /// What the feed reports: vehicles (trip updates, positions, SIRI) or service alerts,
    /// which are decoded with their own extensions and kept in their own store.
    public var kind: RealtimeFeedKind
    public var bytes: Data
    /// Where it came from, for logs (`replay:…/feed51-7_20190601T112825.pb`).
    public var origin: String
    /// Which repetition of a looping replay this is (0 otherwise). A new round restarts the
    /// feeds' clock, so everything kept from the previous round is forgotten.
    public var round: Int
    public var content: Content
    /// Whether a document listing no vehicles is the truth rather than a publisher's fault: the
    /// simulator runs the timetable, which at night has no trip running. A publisher's empty
    /// vehicle feed is believed only between the timetable's trips (`FeedIngest`, `ScheduledService.isBetweenTrips`).
    public var emptyIsTruthful: Bool

    public init(feedID: String, format: FeedFormat, kind: RealtimeFeedKind = .vehicles, bytes: Data, origin: String,
                round: Int = 0, content: Content = .document, emptyIsTruthful: Bool = false) {
        self.feedID = feedID
        self.format = format
        self.kind = kind
        self.bytes = bytes
        self.origin = origin
        self.round = round
        self.content = content
        self.emptyIsTruthful = emptyIsTruthful
    }
}
