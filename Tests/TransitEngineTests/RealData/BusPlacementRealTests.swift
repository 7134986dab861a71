import Foundation
import Testing
import TestSupport
import TransitData
@testable import TransitEngine

@Suite(.enabled(if: SharedData.isAvailable))
struct BusPlacementRealTests {
    let network = RealFeeds.manhattanBuses

    /// Manhattan below 125 St, roughly: the island's bounding box minus nothing else, with routes
    /// the 2020 Manhattan feed knows.
    func isInManhattan(_ bus: BusReport) -> Bool {
        network.routes[bus.routeID] != nil && (40.70...40.88).contains(bus.position.latitude)
            && (-74.02 ... -73.91).contains(bus.position.longitude)
    }

    @Test(arguments: ["vm_all-lines_20170225T154233.json.gz", "vm_all-lines_20170228T112638.json.gz",
                      "vm_all-lines_20170307T131415.json.gz"])
    func busesFollowTheirRouteShape(file: String) throws {
        let feed = try FeedReport(decoding: SharedData.data("bus-siri/vehicle-monitoring/\(file)"), name: file,
                                  profile: NYCTProfile(), fetchedAt: 0)
        #expect(feed.buses.count > 2_000)
        let result = PlacementEngine(network: network).place(FeedSnapshot([feed]), at: feed.timestamp)
        let states = Dictionary(uniqueKeysWithValues: result.states.map { ($0.id, $0) })
        var manhattan = 0, onShape = 0, alongShape = 0, headingAgrees = 0
        for bus in feed.buses where isInManhattan(bus) {
            manhattan += 1
            let state = try #require(states[bus.vehicleID])
            let nearest = network.shapes(ofRoute: bus.routeID).compactMap { index -> (Double, Double)? in
                let shape = network.shapes[index]
                guard let projection = shape.grid.nearest(to: state.position, on: shape.polyline, within: 30),
                      let tangent = shape.polyline.bearing(atDistance: projection.distanceAlong) else { return nil }
                return (projection.distanceFromLine, tangent)
            }.min { $0.0 < $1.0 }
            guard let (_, tangent) = nearest else { continue }
            onShape += 1
            let difference = Bearing.difference(state.bearing, tangent)
            if difference <= 20 || difference >= 160 { alongShape += 1 }
            if let reported = bus.bearing, Bearing.difference(reported, state.bearing) <= 45 { headingAgrees += 1 }
        }
        #expect(manhattan > 300)
        #expect(Double(onShape) >= 0.9 * Double(manhattan), "\(onShape) of \(manhattan) within 30 m of their route")
        #expect(Double(alongShape) >= 0.95 * Double(onShape), "\(alongShape) of \(onShape) rotated along the shape")
        #expect(Double(headingAgrees) >= 0.85 * Double(onShape), "\(headingAgrees) of \(onShape) heading the way they report")
    }
}
