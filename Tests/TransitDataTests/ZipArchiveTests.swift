import Foundation
import Testing
import TestSupport
@testable import TransitData

@Suite struct ZipArchiveTests {
    static let stops = Data("stop_id,stop_name,stop_lat,stop_lon\n101,Van Cortlandt Park-242 St,40.889248,-73.898583\n".utf8)
    static let routes = Data("route_id,route_short_name,route_long_name,route_type\n1,1,\"Broadway, 7 Av\",1\n".utf8)

    static func fixture(deflated: Bool = true, dataDescriptor: Bool = false, zip64: Bool = false) -> ZipFixture {
        ZipFixture(entries: [
            .init(name: "stops.txt", contents: stops, deflated: deflated, dataDescriptor: dataDescriptor),
            .init(name: "routes.txt", contents: routes, deflated: !deflated, dataDescriptor: dataDescriptor),
        ], zip64: zip64)
    }

    @Test(arguments: [false, true], [false, true])
    func readsEveryLayout(dataDescriptor: Bool, zip64: Bool) throws {
        for deflated in [true, false] {
            let archive = try ZipArchive(data: Self.fixture(deflated: deflated, dataDescriptor: dataDescriptor, zip64: zip64).build(),
                                         name: "test.zip")
            #expect(archive.entries.map { $0.name } == ["stops.txt", "routes.txt"])
            let stops = try #require(archive.entry(named: "stops.txt"))
            #expect(stops.method == (deflated ? .deflated : .stored))
            #expect(stops.hasDataDescriptor == dataDescriptor)
            #expect(try archive.contents(of: stops) == Self.stops)
            #expect(try archive.contents(of: #require(archive.entry(named: "routes.txt"))) == Self.routes)
        }
    }

    @Test func findsTheEndRecordBehindAComment() throws {
        var fixture = Self.fixture()
        fixture.comment = Data("written by a test; PK\u{5}\u{6} inside a comment must not confuse the search".utf8)
        let archive = try ZipArchive(data: fixture.build(), name: "test.zip")
        #expect(archive.entries.count == 2)
        #expect(try archive.contents(of: archive.entries[0]) == Self.stops)
    }

    @Test(arguments: [false, true])
    func rejectsEveryTruncation(zip64: Bool) {
        let full = Self.fixture(dataDescriptor: true, zip64: zip64).build()
        for length in 0..<full.count {
            #expect(throws: ZipError.self, "prefix of \(length) bytes") {
                let archive = try ZipArchive(data: full.prefix(length), name: "test.zip")
                for entry in archive.entries { _ = try archive.contents(of: entry) }
            }
        }
    }

    @Test func rejectsACorruptCRC() throws {
        // Flip one stored byte of the first (stored) entry: it still inflates, but its CRC no longer matches.
        var bytes = Self.fixture(deflated: false).build()
        let dataStart = 30 + "stops.txt".utf8.count
        bytes[dataStart] ^= 0x01
        let archive = try ZipArchive(data: bytes, name: "test.zip")
        let error = try #require(throws: ZipError.self) { try archive.contents(of: archive.entries[0]) }
        #expect(error.entry == "stops.txt")
        #expect(error.reason.contains("CRC-32 mismatch"))
    }

    @Test func rejectsCorruptDeflateData() throws {
        var bytes = Self.fixture(deflated: true).build()
        let dataStart = 30 + "stops.txt".utf8.count
        for offset in 0..<8 { bytes[dataStart + offset] = 0xFF }
        let archive = try ZipArchive(data: bytes, name: "test.zip")
        #expect(throws: ZipError.self) { try archive.contents(of: archive.entries[0]) }
    }

    @Test func refusesAnEntryDeclaringMoreThanTheLimit() throws {
        let archive = try ZipArchive(data: Self.fixture().build(), name: "test.zip")
        let error = try #require(throws: ZipError.self) { try archive.contents(of: archive.entries[0], limit: 10) }
        #expect(error.reason.contains("more than the limit of 10"))
    }

    @Test func stopsABombThatLiesAboutItsSize() throws {
        // 64 MiB of zeros deflates to about 64 kB; the directory is then edited to claim 1,000 bytes.
        let zeros = Data(count: 64 << 20)
        var bytes = ZipFixture(entries: [.init(name: "stop_times.txt", contents: zeros)]).build()
        let centralOffset = bytes.count - 22 - 46 - "stop_times.txt".utf8.count
        #expect(bytes[centralOffset..<centralOffset + 4] == Data([0x50, 0x4B, 0x01, 0x02]))
        bytes.replaceSubrange((centralOffset + 24)..<(centralOffset + 28), with: [0xE8, 0x03, 0x00, 0x00])
        let archive = try ZipArchive(data: bytes, name: "bomb.zip")
        #expect(archive.entries[0].uncompressedSize == 1_000)
        var source = try archive.byteSource(for: archive.entries[0])
        var buffer: [UInt8] = []
        let error = try #require(throws: ZipError.self) {
            while try source.readChecked(appendingTo: &buffer) {}
        }
        #expect(error.reason.contains("inflates past its declared size"))
        // It stopped within one piece, not after inflating all 64 MiB.
        #expect(buffer.count <= 1 << 20)
    }

    @Test func rejectsGarbage() {
        var generator = SplitMix64(seed: 42)
        for length in [0, 1, 21, 22, 100, 5_000] {
            let garbage = Data((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            #expect(throws: ZipError.self) { try ZipArchive(data: garbage, name: "garbage.zip") }
        }
        // A well-formed end record pointing at a central directory that is not there.
        var endOnly = Data()
        endOnly.appendLittleEndian(UInt32(0x0605_4B50))
        endOnly.appendLittleEndian(UInt32(0))
        endOnly.appendLittleEndian(UInt16(5))
        endOnly.appendLittleEndian(UInt16(5))
        endOnly.appendLittleEndian(UInt32(1_000))
        endOnly.appendLittleEndian(UInt32(0))
        endOnly.appendLittleEndian(UInt16(0))
        #expect(throws: ZipError.self) { try ZipArchive(data: endOnly, name: "lying.zip") }
    }

    @Test func rejectsADirectoryPointingAtAnotherEntrysData() throws {
        var bytes = Self.fixture().build()
        // Rename the first entry in its local header only: "stops.txt" becomes "stopz.txt".
        bytes[30 + 4] = UInt8(ascii: "z")
        let archive = try ZipArchive(data: bytes, name: "test.zip")
        let error = try #require(throws: ZipError.self) { try archive.contents(of: archive.entries[0]) }
        #expect(error.reason.contains("names 'stopz.txt'"))
        #expect(try archive.contents(of: archive.entries[1]) == Self.routes)
    }

    @Test func declinesEncryptedAndUnknownMethods() throws {
        var bytes = Self.fixture(deflated: false).build()
        let centralOffset = try #require(bytes.firstRange(of: Data([0x50, 0x4B, 0x01, 0x02])))
        // Set the encryption flag in the central directory only: the entry must be refused.
        bytes[centralOffset.lowerBound + 8] |= 0x01
        let archive = try ZipArchive(data: bytes, name: "test.zip")
        let error = try #require(throws: ZipError.self) { try archive.contents(of: archive.entries[0]) }
        #expect(error.reason.contains("encrypted"))

        // Method 12 (bzip2) in both headers: listed, but not read.
        var bzip2 = Self.fixture(deflated: false).build()
        bzip2[8] = 12
        bzip2[centralOffset.lowerBound + 10] = 12
        let other = try ZipArchive(data: bzip2, name: "test.zip")
        #expect(other.entries[0].method == .other(12))
        let declined = try #require(throws: ZipError.self) { try other.contents(of: other.entries[0]) }
        #expect(declined.reason.contains("compression method 12 is not supported"))
    }
}

/// The real gtfs-kit archive (`zip` with deflate), checked against `unzip -lv`'s listing.
@Suite(.enabled(if: SharedData.isAvailable)) struct ZipArchiveRealDataTests {
    static var gtfsKitZip: URL {
        SharedData.sharedRoot.appendingPathComponent("pypi-data/nyc-subway-gtfs/2024-12_routes-1-2_gtfs-kit/nyc_subway_gtfs.zip")
    }

    @Test func listsAndVerifiesEveryEntry() throws {
        let archive = try ZipArchive(contentsOf: Self.gtfsKitZip)
        let listing = archive.entries.map { "\($0.name) \($0.uncompressedSize) \(String($0.crc32, radix: 16))" }
        #expect(listing == [
            "agency.txt 162 a173ca8c", "trips.txt 160523 7aafaad7", "stop_times.txt 5671916 52e48fdf",
            "calendar.txt 208 ea8efe65", "routes.txt 614 ff197f89", "transfers.txt 1260 53721a7f",
            "stops.txt 11807 e1e4ccc7", "shapes.txt 188278 f535ae1e", "calendar_dates.txt 105 a81368a0",
        ])
        for entry in archive.entries {
            #expect(try archive.contents(of: entry).count == Int(entry.uncompressedSize))
        }
    }
}
