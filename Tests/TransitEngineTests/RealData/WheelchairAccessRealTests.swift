import Foundation
import Testing
import TestSupport
import TransitData
@testable import TransitEngine

/// `wheelchair_boarding` in real feeds. None of the subway GTFS in ../shared/data has the column;
/// the only real stops.txt with it is the LIRR's (../shared/pypi-data/lirr-gtfs_nyctrains).
@Suite(.enabled(if: SharedData.isAvailable))
struct WheelchairAccessRealTests {
    @Test("The subway feeds without the column leave every station unknown, not inaccessible")
    func subwayWithoutTheColumn() throws {
        let stations = RealFeeds.subway.stations
        #expect(stations.count > 400)
        #expect(stations.allSatisfy { $0.wheelchairAccess == nil && $0.platformWheelchairAccess.isEmpty })
    }

    @Test("LIRR stations: 119 accessible, 8 not, as its stops.txt says")
    func lirr() throws {
        let source = SharedData.sharedRoot.appendingPathComponent("pypi-data/lirr-gtfs_nyctrains/stops-lirr.txt")
        // The loader reads a folder of GTFS-named tables: give it the LIRR stops as stops.txt.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackside-lirr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("stops.txt"))

        let stations = try Network(gtfs: [GTFSFeed(contentsOf: folder)]).stations
        #expect(stations.count == 127)
        #expect(stations.filter { $0.wheelchairAccess == .accessible }.count == 119)
        let inaccessible = stations.filter { $0.wheelchairAccess == .inaccessible }
        #expect(inaccessible.count == 8)
        // Read independently: the rows whose last column is "2".
        let rows = try String(contentsOf: source, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
        let expected = rows.filter { $0.hasSuffix(",\"2\"") }.map { $0.split(separator: ",")[0].replacingOccurrences(of: "\"", with: "") }
        #expect(inaccessible.map { $0.id }.sorted() == expected.sorted())
    }
}
