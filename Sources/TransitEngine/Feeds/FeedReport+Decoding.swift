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
    public init(decoding data: Data, name: String, profile: any AgencyProfile, fetchedAt: Double) throws(DecodingFailure) {
        let bytes: Data
        do {
            bytes = try Inflate.gunzipIfNeeded(data, limit: 256 << 20)
        } catch {
            throw DecodingFailure(description: "\(name): \(error)")
        }
        if SIRIDecoder.syntax(of: bytes) != nil {
            do {
                self.init(name: name, siri: try SIRIDecoder.decode(bytes), fetchedAt: fetchedAt)
            } catch {
                throw DecodingFailure(description: "\(name): \(error)")
            }
        } else {
            do {
                let message = try GTFSRealtime.FeedMessage(protobuf: [UInt8](bytes), extensions: RealtimeFeedKind.vehicles.extensions)
                self.init(name: name, realtime: message, profile: profile, fetchedAt: fetchedAt)
            } catch {
                throw DecodingFailure(description: "\(name): \(error)")
            }
        }
    }
}
