import Foundation
import TransitData

extension FeedReport {
    /// Why a feed file could not be read.
    public struct DecodingFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A report from the raw bytes of a fetched or recorded feed: GTFS-realtime protobuf, or
    /// SIRI VehicleMonitoring (JSON or XML), either possibly gzipped; the format is told by
    /// content (a document starting with `{`, `[` or `<` is SIRI).
    /// - Parameter limit: the largest feed accepted, in bytes after decompression.
    public init(decoding data: Data, name: String, profile: any AgencyProfile, fetchedAt: Double,
                limit: Int = 256 << 20) throws(DecodingFailure) {
        try self.init(decoding: data, name: name, profile: profile, network: nil, fetchedAt: fetchedAt, limit: limit)
    }

    /// A report read against `network`: its profile, its trips' routes and its timetable (see
    /// `init(name:realtime:network:fetchedAt:)`).
    public init(decoding data: Data, name: String, network: Network, fetchedAt: Double,
                limit: Int = 256 << 20) throws(DecodingFailure) {
        try self.init(decoding: data, name: name, profile: network.profile, network: network, fetchedAt: fetchedAt, limit: limit)
    }

    private init(decoding data: Data, name: String, profile: any AgencyProfile, network: Network?, fetchedAt: Double,
                 limit: Int) throws(DecodingFailure) {
        guard data.count <= limit else {
            throw DecodingFailure(description: "\(name): \(data.count) bytes exceed the limit of \(limit)")
        }
        let bytes: Data
        do {
            bytes = try Inflate.gunzipIfNeeded(data, limit: limit)
        } catch {
            throw DecodingFailure(description: "\(name): \(error)")
        }
        // A FeedMessage starts with its required header, field 1: byte 0x0A. That byte is also
        // a newline, which a JSON or XML sniffer skips, so protobuf is tried first.
        var protobufFailure: (any Error)?
        if bytes.first == 0x0A || SIRIDecoder.syntax(of: bytes) == nil {
            do {
                let message = try GTFSRealtime.FeedMessage(protobuf: [UInt8](bytes), extensions: RealtimeFeedKind.vehicles.extensions)
                self.init(name: name, realtime: message, profile: profile, network: network, fetchedAt: fetchedAt)
                return
            } catch {
                protobufFailure = error
            }
        }
        guard SIRIDecoder.syntax(of: bytes) != nil else {
            throw DecodingFailure(description: "\(name): \(protobufFailure.map { "\($0)" } ?? "not a feed")")
        }
        do {
            self.init(name: name, siri: try SIRIDecoder.decode(bytes), fetchedAt: fetchedAt)
        } catch {
            throw DecodingFailure(description: "\(name): \(error)")
        }
    }
}
