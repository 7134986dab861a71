import Foundation
import TransitEngine
@testable import TracksideServer

/// A bus or train at a position, with only what the push tests vary.
func vehicle(_ id: String, lon: Double, lat: Double, route: String = "7", kind: VehicleState.Kind = .subway,
             status: VehicleState.Status = .moving) -> VehicleState {
    VehicleState(id: id, kind: kind, route: route, position: Coordinate(latitude: lat, longitude: lon),
                 bearing: 90, status: status, age: 5, source: .inferred, feedTimestamp: 1_559_402_905)
}

func box(_ minLon: Double, _ minLat: Double, _ maxLon: Double, _ maxLat: Double) -> BoundingBox {
    // Test boxes are literal and valid; a bad one is a bug in the test itself.
    try! BoundingBox(minLongitude: minLon, minLatitude: minLat, maxLongitude: maxLon, maxLatitude: maxLat)
}

/// A server message decoded for assertions.
struct DecodedMessage {
    let object: [String: Any]

    init(_ bytes: [UInt8]) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        self.object = object
    }

    var type: String? { object["type"] as? String }
    var code: String? { object["code"] as? String }
    var seq: Int? { (object["seq"] as? NSNumber)?.intValue }
    private func ids(_ key: String) -> [String] {
        (object[key] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }
    var vehicleIDs: [String] { ids("vehicles") }
    var upsertIDs: [String] { ids("upsert") }
    var removals: [String] { object["remove"] as? [String] ?? [] }
    var vehicles: [String: [String: Any]] {
        let list = (object["vehicles"] ?? object["upsert"]) as? [[String: Any]] ?? []
        return Dictionary(list.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { $1 })
    }
}

/// What a well-behaved client shows: snapshots replace, deltas upsert then remove.
struct AppliedView {
    var vehicles: [String: String] = [:]
    var seq: Int?

    mutating func apply(_ message: DecodedMessage) {
        switch message.type {
        case "snapshot":
            vehicles = message.vehicles.mapValues(Self.canonical)
        case "delta":
            for (id, json) in message.vehicles { vehicles[id] = Self.canonical(json) }
            for id in message.removals { vehicles[id] = nil }
        default:
            return
        }
        seq = message.seq
    }

    static func canonical(_ json: [String: Any]) -> String {
        let data = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
