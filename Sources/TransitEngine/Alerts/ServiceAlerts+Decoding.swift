import Foundation
import TransitData

extension ServiceAlerts {
    /// Why bytes are not an alerts feed.
    public struct DecodingFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Decodes a fetched or recorded alerts feed: GTFS-realtime protobuf, possibly gzipped,
    /// with the MTA Mercury extensions.
    ///
    /// A feed without entities is a valid answer (nothing is in force); a feed whose entities
    /// include no alert at all is refused, as it is another kind of feed behind an alerts URL.
    /// - Parameter limit: the largest feed accepted, in bytes after decompression.
    public static func decodeFeed(_ data: Data, limit: Int = 64 << 20) throws(DecodingFailure) -> GTFSRealtime.FeedMessage {
        guard data.count <= limit else {
            throw DecodingFailure(description: "\(data.count) bytes exceed the limit of \(limit)")
        }
        let feed: GTFSRealtime.FeedMessage
        do {
            let bytes = try Inflate.gunzipIfNeeded(data, limit: limit)
            feed = try GTFSRealtime.FeedMessage(protobuf: [UInt8](bytes), extensions: RealtimeFeedKind.alerts.extensions)
        } catch {
            throw DecodingFailure(description: "\(error)")
        }
        guard feed.entities.isEmpty || feed.entities.contains(where: { $0.alert != nil }) else {
            throw DecodingFailure(description: "not an alerts feed: \(feed.entities.count) entities and no alert")
        }
        return feed
    }
}
