import Foundation
import TransitData

extension ServiceAlerts {
    /// Why bytes are not an alerts feed.
    public struct DecodingFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Decodes a fetched or recorded alerts feed (`FeedDecoder`): GTFS-realtime protobuf,
    /// possibly gzipped, with the MTA Mercury extensions.
    ///
    /// A feed without entities is a valid answer (nothing is in force); a feed whose entities
    /// include no alert at all is refused, as it is another kind of feed behind an alerts URL.
    /// - Parameter limit: the largest feed accepted, in bytes before and after decompression.
    public static func decodeFeed(_ data: Data, limit: Int = FeedDecoder.limit) throws(DecodingFailure) -> GTFSRealtime.FeedMessage {
        let feed: GTFSRealtime.FeedMessage
        do {
            feed = try FeedDecoder.decodeRealtime(data, kind: .alerts, limit: limit)
        } catch {
            throw DecodingFailure(description: "\(error)")
        }
        guard feed.entities.isEmpty || feed.entities.contains(where: { $0.alert != nil }) else {
            throw DecodingFailure(description: "not an alerts feed: \(feed.entities.count) entities and no alert")
        }
        return feed
    }
}
