import Foundation
import Testing
import TestSupport
@testable import TransitEngine

@Suite(.enabled(if: SharedData.isAvailable))
struct SubwayPlacementTests {
    let network = RealFeeds.subway

    /// The 2024-01-20 set, each feed placed at its own header time.
    func placeSevenFeeds() throws -> [(feed: FeedReport, result: PlacementResult)] {
        let engine = PlacementEngine(network: network)
        return try RealFeeds.files(in: "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds").map { path in
            let feed = try RealFeeds.subwayFeed(path)
            return (feed, engine.place(FeedSnapshot([feed]), at: feed.timestamp))
        }
    }

    @Test func nearlyEveryTrainWithANextStopIsOnAShape() throws {
        var withNextStop = 0, placed = 0
        for (feed, result) in try placeSevenFeeds() {
            let states = Dictionary(uniqueKeysWithValues: result.states.map { ($0.id, $0) })
            for train in feed.trains where !train.stopTimes.isEmpty {
                withNextStop += 1
                if let state = states[train.tripID], result.memory.trains[train.tripID] != nil, state.position.isPlausible {
                    placed += 1
                }
            }
        }
        #expect(withNextStop > 400)
        #expect(Double(placed) >= 0.95 * Double(withNextStop), "placed \(placed) of \(withNextStop)")
    }

    @Test func placedTrainsFollowTheirTrack() throws {
        var checkedBearings = 0, checkedDwells = 0
        for (_, result) in try placeSevenFeeds() {
            for state in result.states {
                let memory = try #require(result.memory.trains[state.id])
                let shape = network.shapes[memory.shape.shapeIndex]
                let projection = try #require(shape.polyline.project(state.position))
                #expect(projection.distanceFromLine <= 25, "\(state.id) is \(projection.distanceFromLine) m off its shape")

                // The local tangent, turned to face the next stop.
                if let next = state.nextStop, let pass = shape.stopPasses[next]?.min(by: {
                    abs($0.distanceAlong - projection.distanceAlong) < abs($1.distanceAlong - projection.distanceAlong)
                }), abs(pass.distanceAlong - projection.distanceAlong) > 1 {
                    var tangent = try #require(shape.polyline.bearing(atDistance: projection.distanceAlong))
                    if pass.distanceAlong < projection.distanceAlong { tangent = Bearing.reversed(tangent) }
                    #expect(Bearing.difference(tangent, state.bearing) <= 20, "\(state.id) bearing \(state.bearing) vs \(tangent)")
                    checkedBearings += 1
                }
                if state.status == .stopped, !state.flags.contains(.notStarted), let stop = state.stop.flatMap({ network.stops[$0] }) {
                    let offset = LocalFrame(between: stop.coordinate, state.position).displacement(from: stop.coordinate, to: state.position).length
                    #expect(offset <= 20, "\(state.id) stopped \(offset) m from \(stop.id)")
                    checkedDwells += 1
                }
            }
        }
        #expect(checkedBearings > 200)
        #expect(checkedDwells > 50)
    }
}
