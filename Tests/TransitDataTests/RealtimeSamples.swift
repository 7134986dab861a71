import Foundation
import TestSupport
import TransitData

/// The GTFS-realtime files in `../shared/data`, found by walking the folder.
enum RealtimeSamples {
    /// Paths relative to `../shared/data` of every `.pb` and `.pb.gz` file, sorted.
    static var all: [String] {
        guard let walker = FileManager.default.enumerator(atPath: SharedData.root.path) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".pb") || $0.hasSuffix(".pb.gz") }
            .sorted()
    }

    /// The decompressed bytes of a sample.
    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Inflate.gunzipIfNeeded(SharedData.data(relativePath)))
    }

    /// A sample decoded with the registry its content calls for.
    static func feed(_ relativePath: String) throws -> GTFSRealtime.FeedMessage {
        let bytes = try bytes(relativePath)
        return try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: RealtimeFeedKind.detect(bytes).extensions)
    }
}
