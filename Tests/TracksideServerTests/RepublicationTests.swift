import Testing
import TransitEngine
@testable import TracksideServer

@Suite struct RepublicationTests {
    let end = Coordinate(latitude: 40.75, longitude: -73.84)

    func moving(at latitude: Double, t0: Double, t1: Double, age: Double) -> VehicleState {
        var state = vehicle("t", lon: -73.85, lat: latitude)
        state.age = age
        state.motion = .init(path: [state.position, end], startTime: t0, endTime: t1)
        return state
    }

    @Test func progressAlongTheSameSegmentIsNotResent() {
        let before = moving(at: 40.74, t0: 100, t1: 160, age: 5)
        #expect(before.isRepublication(of: moving(at: 40.745, t0: 101, t1: 160.4, age: 6)))
    }

    @Test func aNewPredictionANewStopOrAFlagIsResent() {
        let before = moving(at: 40.74, t0: 100, t1: 160, age: 5)
        #expect(!before.isRepublication(of: moving(at: 40.745, t0: 101, t1: 170, age: 6)))
        var arrived = before
        arrived.status = .stopped
        #expect(!before.isRepublication(of: arrived))
        var stale = before
        stale.flags = [.stale]
        #expect(!before.isRepublication(of: stale))
        var newFeed = before
        newFeed.feedTimestamp += 30
        #expect(!before.isRepublication(of: newFeed))
    }

    @Test func standingVehiclesAreResentOnlyWhenTheyMoveOrTurn() {
        let standing = vehicle("s", lon: -73.9, lat: 40.7, status: .stopped)
        var older = standing
        older.age += 30
        #expect(standing.isRepublication(of: older))
        var turned = standing
        turned.bearing += 10
        #expect(!standing.isRepublication(of: turned))
        var moved = standing
        moved.position.latitude += 0.0001
        #expect(!standing.isRepublication(of: moved))
    }

    @Test func theHubKeepsThePublishedStateOfExtrapolatedVehicles() throws {
        var hub = PushHub(configuration: .init(epoch: "e", source: "replay"))
        let first = moving(at: 40.74, t0: 100, t1: 160, age: 5)
        _ = hub.publish([first], now: 100)
        _ = hub.connect(ClientID(1))
        _ = hub.receive(#"{"op":"subscribe","bbox":[-73.9,40.7,-73.8,40.8]}"#, from: ClientID(1), now: 100)
        let quiet = try DecodedMessage(hub.publish([moving(at: 40.742, t0: 101, t1: 160, age: 6)], now: 101)[0].message)
        #expect(quiet.upsertIDs.isEmpty)
        let rest = try DecodedMessage(hub.vehicleList(.init(box: box(-73.9, 40.7, -73.8, 40.8))))
        #expect(rest.vehicles["t"]?["age"] as? Int == 5)
        let replanned = try DecodedMessage(hub.publish([moving(at: 40.743, t0: 102, t1: 175, age: 7)], now: 102)[0].message)
        #expect(replanned.upsertIDs == ["t"])
    }
}
