import Foundation
import TracksideCommandLine
import TracksideServer
import TransitData
import TransitEngine
import WebSocketServer

/// `trackside-bench push-fanout`: the cost of turning one tick into WebSocket frames for
/// every subscriber, for the two designs of docs/PROTOCOL.md, side by side in one run:
///
/// - **shared**: the hub builds one delta per distinct tile-rounded view and compresses it
///   once (`WebSocketPreparedMessage`); connections showing the same view share the frame.
/// - **per-connection**: every connection's delta is filtered to its exact bbox, serialised
///   and compressed for it alone.
///
/// Vehicles are synthetic (seeded), spread over New York's extent; each tick moves a given
/// fraction of them. No sockets: this isolates the server's CPU per tick.
struct PushFanoutBench: CLICommand {
    static let name = "push-fanout"
    static let summary = "tick fan-out: tile-shared frames vs per-connection filtering"
    static let usage = """
          --clients N          subscribed connections (default 10000)
          --vehicles N         vehicles across the city (default 3000)
          --changed F          fraction of vehicles changing per tick (default 0.3)
          --ticks N            measured ticks per design (default 10)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let clients = try arguments.value("clients", default: 10_000) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        let vehicleCount = try arguments.value("vehicles", default: 3000) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        let changed = try arguments.value("changed", default: 0.3) { Double($0).flatMap { (0...1).contains($0) ? $0 : nil } }
        let ticks = try arguments.value("ticks", default: 10) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        guard try arguments.positionals().isEmpty else { throw ArgumentList.UsageError(description: "unexpected argument") }

        var generator = SplitMix64(seed: 42)
        var fleet = (0..<vehicleCount).map { index in
            VehicleState(id: "v\(index)", kind: index % 3 == 0 ? .subway : .bus, route: "R\(index % 40)",
                         position: BenchArea.randomPoint(&generator), bearing: 0, status: .moving,
                         age: 10, source: .gps, feedTimestamp: 1_700_000_000)
        }
        let boxes = (0..<clients).map { _ in BenchArea.randomBox(&generator) }
        let compression = PerMessageDeflateConfiguration()
        func advance(_ tick: Int) -> [VehicleState] {
            for index in fleet.indices where Double.random(in: 0..<1, using: &generator) < changed {
                fleet[index].position.latitude += Double.random(in: -0.001...0.001, using: &generator)
                fleet[index].position.longitude += Double.random(in: -0.001...0.001, using: &generator)
                fleet[index].age = Double(tick)
            }
            return fleet
        }

        // Shared: the production path.
        var hub = PushHub(configuration: PushHub.Configuration(epoch: "bench", source: "bench"))
        for (index, box) in boxes.enumerated() {
            let client = ClientID(UInt64(index))
            _ = hub.connect(client)
            _ = hub.receive(#"{"op":"subscribe","bbox":[\#(box.minLongitude),\#(box.minLatitude),\#(box.maxLongitude),\#(box.maxLatitude)]}"#,
                            from: client, now: 0)
        }
        _ = hub.publish(advance(0), now: 0)
        var shared = Measurement()
        for tick in 1...ticks {
            let states = advance(tick)
            let started = DispatchTime.now()
            let deliveries = hub.publish(states, now: Double(tick))
            shared.building += Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            for delivery in deliveries {
                let frame = WebSocketPreparedMessage(text: String(decoding: delivery.message, as: UTF8.self), compression: compression)
                shared.add(frames: 1, bytes: (frame.compressedFrame ?? frame.uncompressedFrame).count, sends: delivery.recipients.count)
            }
            shared.elapsed += Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        }

        // Per connection: exact bbox, one serialisation and one compression per connection.
        var previous = Dictionary(uniqueKeysWithValues: advance(0).map { ($0.id, $0) })
        var perConnection = Measurement()
        for tick in 1...ticks {
            let states = advance(tick)
            let started = DispatchTime.now()
            let diff = VehicleDiff(previous: previous, next: states)
            let upserts = diff.upserts.map { PublishedVehicle($0, grid: .standard) }
            let oldPositions = diff.upserts.compactMap { state in previous[state.id].map { (state.id, $0.position) } }
                + diff.removals.compactMap { id in previous[id].map { (id, $0.position) } }
            perConnection.building += Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            for box in boxes {
                let building = DispatchTime.now()
                let visible = upserts.filter { box.contains($0.state.position) }
                let visibleIDs = Set(visible.map(\.id))
                let left = oldPositions.filter { box.contains($0.1) && !visibleIDs.contains($0.0) }.map(\.0)
                let message = ServerMessage.delta(epoch: "bench", seq: UInt64(tick), timestampMilliseconds: Int64(tick) * 1000,
                                                  upserts: visible, removals: left.sorted())
                perConnection.building += Double(DispatchTime.now().uptimeNanoseconds - building.uptimeNanoseconds) / 1e9
                let frame = WebSocketPreparedMessage(text: String(decoding: message, as: UTF8.self), compression: compression)
                perConnection.add(frames: 1, bytes: (frame.compressedFrame ?? frame.uncompressedFrame).count, sends: 1)
            }
            for state in states { previous[state.id] = state }
            perConnection.elapsed += Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        }

        print("push-fanout: \(clients) clients on 1–5 km boxes, \(vehicleCount) vehicles, \(Int(changed * 100)) % changing per tick, \(ticks) ticks")
        print("design           ms/tick  (of which build)   frames built/tick   bytes/client/tick")
        for (name, result) in [("shared (tiles)", shared), ("per-connection", perConnection)] {
            print(String(format: "%-16@ %8.1f  %16.1f   %17.0f   %17.0f", name as NSString, result.elapsed / Double(ticks) * 1000,
                         result.building / Double(ticks) * 1000,
                         Double(result.frames) / Double(ticks), Double(result.bytesSent) / Double(ticks) / Double(clients)))
        }
        print(String(format: "speed-up of shared over per-connection: %.1fx", perConnection.elapsed / shared.elapsed))
        return 0
    }

    /// Time and output of one design.
    struct Measurement {
        var elapsed = 0.0
        /// The part of `elapsed` spent choosing vehicles and serialising (the rest compresses).
        var building = 0.0
        var frames = 0
        var bytesSent = 0

        mutating func add(frames built: Int, bytes: Int, sends: Int) {
            frames += built
            bytesSent += bytes * sends
        }
    }
}
