import Foundation
import Testing
@testable import TransitData
import TestSupport

@Suite struct InflateTests {
    /// `printf 'hello trackside\n' | gzip -9n | xxd -i`
    static let helloGzip = Data([
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x57,
        0x28, 0x29, 0x4a, 0x4c, 0xce, 0x2e, 0xce, 0x4c, 0x49, 0xe5, 0x02, 0x00, 0x19, 0x53, 0x6d, 0x93,
        0x10, 0x00, 0x00, 0x00,
    ])

    @Test func inflatesGzip() throws {
        let text = try Inflate.decompress(Self.helloGzip, format: .gzip)
        #expect(String(decoding: text, as: UTF8.self) == "hello trackside\n")
    }

    @Test func readsConcatenatedMembers() throws {
        let text = try Inflate.decompress(Self.helloGzip + Self.helloGzip, format: .gzip)
        #expect(String(decoding: text, as: UTF8.self) == "hello trackside\nhello trackside\n")
    }

    @Test func passesPlainDataThrough() throws {
        let plain = Data("not compressed".utf8)
        #expect(try Inflate.gunzipIfNeeded(plain) == plain)
    }

    @Test func rejectsEveryTruncation() {
        for length in 0..<Self.helloGzip.count {
            #expect(throws: Inflate.Failure.self) {
                try Inflate.decompress(Self.helloGzip.prefix(length), format: .gzip)
            }
        }
    }

    @Test func rejectsGarbage() {
        var corrupt = Self.helloGzip
        corrupt[12] ^= 0xff
        corrupt[13] ^= 0xff
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress(corrupt, format: .gzip) }
    }

    @Test func stopsAtTheLimit() {
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress(Self.helloGzip, format: .gzip, limit: 4) }
    }
}

@Suite(.enabled(if: SharedData.isAvailable)) struct InflateRealDataTests {
    /// The 2017 all-lines Bus Time snapshot: 271,390 bytes of gzip, 2,387,956 inflated (PROVENANCE.md §4).
    @Test func inflatesARealBusSnapshotToItsDocumentedSize() throws {
        let compressed = try SharedData.data("bus-siri/vehicle-monitoring/vm_all-lines_20170225T154233.json.gz")
        let json = try Inflate.gunzipIfNeeded(compressed)
        #expect(compressed.count == 271_390)
        #expect(json.count == 2_387_956)
        #expect(json.first == UInt8(ascii: "{"))
    }
}
