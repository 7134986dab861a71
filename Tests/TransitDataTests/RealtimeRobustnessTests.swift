import Testing
import TestSupport
@testable import TransitData

/// Damaged real feeds: every decode ends in a clean error or a valid message, never a crash or a
/// hang, and errors point inside the input.
@Suite(.enabled(if: SharedData.isAvailable))
struct RealtimeRobustnessTests {
    /// The smallest real subway feed (2,480 bytes of L trains), so that all of this runs quickly in debug.
    static let samplePath = "gtfs-rt-samples/nyct-subway/2019-09-14_weekend/feed2-l_20190914T200046.pb"
    static let extensions = RealtimeFeedKind.vehicles.extensions

    /// Decodes `bytes` and checks the outcome is coherent: an error located inside the input, or a
    /// message whose own encoding decodes back to it.
    static func decodeCleanly(_ bytes: [UInt8]) -> Bool {
        do {
            let feed = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: extensions)
            return (try? GTFSRealtime.FeedMessage(protobuf: feed.protobufBytes, extensions: extensions)) == feed
        } catch {
            return error.offset >= 0 && error.offset <= bytes.count && !error.description.isEmpty
        }
    }

    @Test func everyTruncationFailsCleanly() throws {
        let bytes = try RealtimeSamples.bytes(Self.samplePath)
        var failures = 0
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            #expect(Self.decodeCleanly(prefix), "prefix of \(length) bytes")
            if (try? GTFSRealtime.FeedMessage(protobuf: prefix, extensions: Self.extensions)) == nil { failures += 1 }
        }
        // Cutting inside the header or any entity is an error; only cuts between entities decode.
        let feed = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: Self.extensions)
        #expect(failures == bytes.count - feed.entities.count)
    }

    /// 4 × 25,000 = 100,000 seeded mutations of the sample, split so the cases run in parallel.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomMutationsFailCleanly(seed: UInt64) throws {
        let original = try RealtimeSamples.bytes(Self.samplePath)
        var random = RandomMessages(seed: seed, kind: .vehicles)
        var decodedCount = 0
        for round in 0..<25_000 {
            var bytes = original
            for _ in 0...random.below(3) {
                let position = random.below(bytes.count)
                switch random.below(4) {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes[position] ^= 1 << UInt8(random.below(8))
                case 2: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
                default: bytes.remove(at: position)
                }
            }
            let clean = Self.decodeCleanly(bytes)
            #expect(clean, "seed \(seed) round \(round)")
            if !clean { break }
            if (try? GTFSRealtime.FeedMessage(protobuf: bytes, extensions: Self.extensions)) != nil { decodedCount += 1 }
        }
        // Most single-byte damage to string contents still decodes; structural damage does not.
        // Both outcomes must occur, or the mutations are not reaching the decoder's branches.
        #expect(decodedCount > 1_000 && decodedCount < 24_000)
    }

    @Test func garbageAndOversizedLengthsAreRejected() {
        // A length prefix claiming 2^62 bytes, and one of ten 0xff bytes (an over-long varint).
        let huge: [UInt8] = [0x12, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40]
        #expect(throws: ProtobufDecodingError.self) { try GTFSRealtime.FeedMessage(protobuf: huge) }
        let overlong: [UInt8] = [0x12] + Array(repeating: 0xff, count: 10) + [0x01]
        #expect(throws: ProtobufDecodingError(.varintTooLong, at: 1, in: "FeedMessage.entity")) {
            try GTFSRealtime.FeedMessage(protobuf: overlong)
        }
        var random = RandomMessages(seed: 99, kind: .vehicles)
        for _ in 0..<2_000 {
            let garbage = (0..<random.below(512)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            #expect(Self.decodeCleanly(garbage))
        }
    }
}
