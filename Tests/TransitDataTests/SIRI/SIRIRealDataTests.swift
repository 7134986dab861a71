import Foundation
import Testing
@testable import TransitData
import TestSupport

/// Every MTA Bus Time response in ../shared/data/bus-siri decodes completely.
@Suite(.enabled(if: SharedData.isAvailable))
struct SIRIRealDataTests {
    /// Vehicles, stop visits, situations and onward calls per file, counted with Python's json
    /// module and grep (see PROVENANCE.md §4).
    static let expected: [String: (vehicles: Int, visits: Int, situations: Int, onwardCalls: Int)] = [
        "situation-exchange/sx_20120926T113742.json": (0, 0, 5, 0),
        "stop-monitoring/sm_B63_20120905T145422.json": (0, 7, 0, 0),
        "vehicle-monitoring/vm_B9_with-onward-calls_20160218T142434.json": (13, 0, 1, 273),
        "vehicle-monitoring/vm_B9_with-onward-calls_20160223T141603.json": (17, 0, 1, 509),
        "vehicle-monitoring/vm_S40_20120821T120621.json": (2, 0, 0, 0),
        "vehicle-monitoring/vm_S54_20120919T161905.xml": (303, 0, 2, 0),
        "vehicle-monitoring/vm_all-lines_20170225T154233.json.gz": (2311, 0, 18, 0),
        "vehicle-monitoring/vm_all-lines_20170225T161433.json.gz": (2278, 0, 17, 0),
        "vehicle-monitoring/vm_all-lines_20170228T112638.json.gz": (2286, 0, 26, 0),
        "vehicle-monitoring/vm_all-lines_20170307T131415.json.gz": (2422, 0, 25, 0),
    ]

    /// Every file in the folder, so a file added there is covered (and must be listed above).
    static func files() throws -> [String] {
        let root = SharedData.url("bus-siri")
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        return enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".json.gz") || $0.hasSuffix(".xml") }
            .sorted()
    }

    @Test func everyFileDecodesWithTheExpectedCounts() throws {
        let files = try Self.files()
        #expect(files.count == Self.expected.count)
        for file in files {
            let delivery = try SIRIDecoder.decode(SharedData.data("bus-siri/\(file)"))
            let counts = try #require(Self.expected[file], "\(file) is not in the expected table")
            #expect(delivery.skipped.isEmpty, "\(file): \(delivery.skipped.prefix(3))")
            #expect(delivery.errorConditions.isEmpty, "\(file)")
            #expect(delivery.vehicleActivities.count == counts.vehicles, "\(file)")
            #expect(delivery.stopVisits.count == counts.visits, "\(file)")
            #expect(delivery.situations.count == counts.situations, "\(file)")
            #expect(delivery.vehicleActivities.reduce(0) { $0 + $1.journey.onwardCalls.count } == counts.onwardCalls, "\(file)")
            #expect(delivery.responseTimestamp != nil, "\(file)")
        }
    }

    @Test func vehiclesArePlausible() throws {
        for file in try Self.files() {
            let delivery = try SIRIDecoder.decode(SharedData.data("bus-siri/\(file)"))
            let response = try #require(delivery.responseTimestamp)
            let journeys = delivery.vehicleActivities.map { $0.journey } + delivery.stopVisits.map { $0.journey }
            for journey in journeys {
                // Every real report has a position in the New York area and a compass bearing.
                let latitude = try #require(journey.latitude)
                let longitude = try #require(journey.longitude)
                #expect((40.4...41.0).contains(latitude) && (-74.3 ... -73.6).contains(longitude), "\(journey.vehicleRef)")
                let bearing = try #require(journey.bearing)
                #expect(bearing >= 0 && bearing < 360)
                #expect(journey.directionRef == "0" || journey.directionRef == "1")
            }
            for activity in delivery.vehicleActivities {
                // Reports are at most an hour old; a few are stamped up to 16 s after the
                // response (the buses' clocks run ahead), none more than a minute.
                let recorded = try #require(activity.recordedAtTime)
                let age = response.timeIntervalSince(recorded)
                #expect(age > -60 && age < 3_600, "\(file)")
            }
        }
    }

    @Test func snapshotDetailsMatchTheFile() throws {
        let delivery = try SIRIDecoder.decode(SharedData.data("bus-siri/vehicle-monitoring/vm_all-lines_20170225T154233.json.gz"))
        #expect(delivery.responseTimestamp == ISO8601Timestamp.parse("2017-02-25T15:42:33.865-05:00"))
        // The first vehicle of the file (see SIRIDecoderTests.version1, which copies it).
        let first = try #require(delivery.vehicleActivities.first?.journey)
        #expect(first.vehicleRef == "MTA NYCT_3846")
        #expect(first.journeyPatternRef == "MTA_M020174")
        #expect(first.monitoredCall?.distances?.callDistanceAlongRoute == 8962.5)
        #expect(Set(delivery.vehicleActivities.map { $0.journey.lineRef }).count == 254)
        #expect(delivery.vehicleActivities.filter { $0.journey.operatorRef == "MTA NYCT" }.count == 1920)
        #expect(delivery.vehicleActivities.filter { $0.journey.operatorRef == "MTABC" }.count == 391)
    }
}
