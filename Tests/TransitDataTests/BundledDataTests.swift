import Foundation
import Testing
import TestSupport
@testable import TransitData

/// The repository's own `Data/` folder: found the way `swift run` finds it, and loadable.
@Suite struct BundledDataTests {
    static let dataFolder = SharedData.repositoryRoot.appendingPathComponent("Data")

    @Test func walksUpFromTheExecutableToThePackageRoot() throws {
        let executable = SharedData.repositoryRoot.appendingPathComponent(".build/release/trackside")
        let data = try BundledData.locate(environment: [:], executable: executable)
        #expect(data.root.standardizedFileURL == Self.dataFolder.standardizedFileURL)
    }

    @Test func prefersTheExplicitPathThenTheEnvironment() throws {
        let elsewhere = URL(fileURLWithPath: "/")
        #expect(try BundledData.locate(explicitPath: Self.dataFolder.path, environment: ["TRACKSIDE_DATA": "/nonexistent"],
                                       executable: elsewhere).root == Self.dataFolder)
        #expect(try BundledData.locate(environment: ["TRACKSIDE_DATA": Self.dataFolder.path], executable: elsewhere).root
                == Self.dataFolder)
        let wrong = #expect(throws: GTFSLoadError.self) {
            try BundledData.locate(explicitPath: "/nonexistent", executable: elsewhere)
        }
        #expect(wrong?.description.contains("is not the bundled data folder") == true)
        #expect(throws: GTFSLoadError.self) { try BundledData.locate(environment: [:], executable: URL(fileURLWithPath: "/usr/bin/true")) }
    }

    @Test func loadsTheBundledDemoFeed() throws {
        let data = try BundledData(root: Self.dataFolder)
        let feed = try GTFSFeed(contentsOf: data.subwayFeed)
        #expect(feed.routes.map { $0.id } == ["1", "2"])
        #expect(feed.stops.count == 273)
        #expect(feed.trips.count == 1_990)
        #expect(feed.shapes.count == 13)
        #expect(feed.timeZone?.identifier == "America/New_York")
        #expect(try feed.loadSchedule().calls.count == 86_150)

        let stops = try GTFSFeed(contentsOf: data.subwayStops)
        #expect(stops.stops.count == 1_497)
        #expect(feed.stops.allSatisfy { stops.stops.contains(id: $0.id) })

        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: data.baseMap.appendingPathComponent("basemap.json")))
        #expect((manifest as? [String: Any])?["labels"] as? String == "labels.geojson")
        let stations = try JSONSerialization.jsonObject(with: Data(contentsOf: data.stationGroups)) as? [String: Any]
        #expect(stations?.count == 446)
    }
}
