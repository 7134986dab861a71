import Foundation
import TransitData

/// One feed delivery the engine ingested, as it travels on the stream to the edges: the payload
/// (still encoded, or the news that a fetch brought none) with the clocks and stale threshold it
/// was ingested at. An edge ingests it the same way (`FeedIngest.ingest`), so its feed store — and
/// every arrival board, vehicle card and alert computed from it — is the engine's.
public struct RelayedPayload: Equatable, Sendable {
    public var feedID: String
    public var format: FeedFormat
    public var kind: RealtimeFeedKind
    public var bytes: [UInt8]
    public var origin: String
    public var round: Int
    public var content: FeedPayload.Content
    /// The simulator's empty document is the truth (`FeedPayload.emptyIsTruthful`): an edge believes it too.
    public var emptyIsTruthful: Bool
    /// The feeds' clock and the wall clock at ingestion, and the feed's stale threshold.
    public var feedTime: Double
    public var wallTime: Double
    public var staleAfter: Double

    public init(_ payload: FeedPayload, feedTime: Double, wallTime: Double, staleAfter: Double) {
        feedID = payload.feedID
        format = payload.format
        kind = payload.kind
        bytes = [UInt8](payload.bytes)
        origin = payload.origin
        round = payload.round
        content = payload.content
        emptyIsTruthful = payload.emptyIsTruthful
        self.feedTime = feedTime
        self.wallTime = wallTime
        self.staleAfter = staleAfter
    }

    /// The payload to ingest.
    public var payload: FeedPayload {
        FeedPayload(feedID: feedID, format: format, kind: kind, bytes: Data(bytes), origin: origin, round: round,
                    content: content, emptyIsTruthful: emptyIsTruthful)
    }
}
