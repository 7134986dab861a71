import Foundation
import TransitData

extension FeedReport {
    /// Why a feed file could not be read.
    public struct DecodingFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A report from the raw bytes of a fetched or recorded feed (`FeedDecoder`): GTFS-realtime
    /// protobuf, or SIRI VehicleMonitoring (JSON or XML), either possibly gzipped, told by content
    /// with the protobuf rule first.
    /// - Parameter limit: the largest feed accepted, in bytes before and after decompression.
    public init(decoding data: Data, name: String, profile: any AgencyProfile, fetchedAt: Double,
                limit: Int = FeedDecoder.limit) throws(DecodingFailure) {
        try self.init(decoding: data, name: name, profile: profile, network: nil, fetchedAt: fetchedAt, limit: limit)
    }

    /// A report read against `network`: its profile, its trips' routes and its timetable (see
    /// `init(name:realtime:network:fetchedAt:)`).
    public init(decoding data: Data, name: String, network: Network, fetchedAt: Double,
                limit: Int = FeedDecoder.limit) throws(DecodingFailure) {
        try self.init(decoding: data, name: name, profile: network.profile, network: network, fetchedAt: fetchedAt, limit: limit)
    }

    private init(decoding data: Data, name: String, profile: any AgencyProfile, network: Network?, fetchedAt: Double,
                 limit: Int) throws(DecodingFailure) {
        let document: FeedDecoder.Document
        do {
            document = try FeedDecoder.decode(data, limit: limit)
        } catch {
            throw DecodingFailure(description: "\(name): \(error)")
        }
        switch document {
        case .vehicles(let message), .alerts(let message):
            self.init(name: name, realtime: message, profile: profile, network: network, fetchedAt: fetchedAt)
        case .siri(let delivery):
            self.init(name: name, siri: delivery, fetchedAt: fetchedAt)
        }
    }
}
