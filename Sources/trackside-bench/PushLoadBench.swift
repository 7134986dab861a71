import Foundation
import TracksideCommandLine
import TracksideServer
import TransitData

/// `trackside-bench push`: a real server under a real load, in one command. It starts
/// `trackside serve` (the binary beside this one, or `--server PATH`) on a replay, connects N WebSocket clients with
/// permessage-deflate from `LoadClientThread`s, each subscribed to a random 1–5 km box
/// across New York, and reports delivered messages/s, bytes per client per second,
/// tick-to-socket latency from each message's `ts`, the wire size of a Manhattan-sized
/// snapshot, and the server's CPU and RSS next to the load generator's own CPU.
struct PushLoadBench: CLICommand {
    static let name = "push"
    static let summary = "N WebSocket clients on random NYC boxes against `serve --source replay:…`"
    static let usage = """
          --clients N          WebSocket clients (default 10000)
          --threads N          load generator threads (default 1)
          --warmup S           seconds between the last snapshot and measuring (default 10)
          --duration S         seconds measured (default 30)
          --replay DIR         recorded feeds (default ../shared/data/…/2024-01-20_all-7-feeds)
          --gtfs PATH          static GTFS (default ../shared/data/nyc-subway-gtfs/2018-11_full-except-stop_times)
          --replay-skip S      recorded seconds skipped, so every feed is there from the start (default 230)
          --server PATH        the trackside binary to measure (default: the one beside trackside-bench)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let clients = try arguments.value("clients", default: 10_000) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        let threads = try arguments.value("threads", default: 1) { Int($0).flatMap { (1...16).contains($0) ? $0 : nil } }
        let warmup = try arguments.value("warmup", default: 10.0) { Double($0) }
        let duration = try arguments.value("duration", default: 30.0) { Double($0).flatMap { $0 > 0 ? $0 : nil } }
        let data = FileManager.default.currentDirectoryPath + "/../shared/data/"
        let replay = try arguments.value("replay") ?? data + "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"
        let gtfs = try arguments.value("gtfs") ?? data + "nyc-subway-gtfs/2018-11_full-except-stop_times"
        let skip = try arguments.value("replay-skip", default: 230.0) { Double($0) }
        let executable = try arguments.value("server")
        guard try arguments.positionals().isEmpty else { throw ArgumentList.UsageError(description: "unexpected argument") }

        // All seven feeds from the start (the last one is 227 s into the recording), then the
        // trains run on along their predictions.
        let server = try BenchServer(executable: executable, arguments: ["--source", "replay:\(replay)", "--gtfs", gtfs, "--replay-skip", "\(skip)"])
        defer { server.stop() }
        var generator = SplitMix64(seed: 7)
        let subscriptions = (0..<clients).map { _ in Self.subscribe(BenchArea.randomBox(&generator)) }
        let window = LoadWindow()
        let loaders = (0..<threads).map { index in
            LoadClientThread(port: server.port, subscriptions: stride(from: index, to: clients, by: threads).map { subscriptions[$0] },
                             window: window)
        }
        let finished = DispatchGroup()
        for loader in loaders {
            finished.enter()
            Thread { loader.run(); finished.leave() }.start()
        }
        let rampStarted = Date()
        while loaders.map({ $0.subscribed.load(ordering: .relaxed) }).reduce(0, +) < clients,
              Date().timeIntervalSince(rampStarted) < 120 {
            Thread.sleep(forTimeInterval: 0.2)
        }
        let ramp = Date().timeIntervalSince(rampStarted)
        Thread.sleep(forTimeInterval: warmup)
        let manhattanSnapshot = Self.manhattanSnapshotBytes(port: server.port)
        let serverBefore = server.usage(), selfBefore = BenchServer.ownCPUSeconds()
        window.measure(for: duration)
        finished.wait()
        let serverAfter = server.usage(), selfAfter = BenchServer.ownCPUSeconds()

        var total = LoadClientThread.Figures()
        var connected = 0
        for loader in loaders {
            connected += loader.subscribed.load(ordering: .relaxed)
            loader.figures.withLock { figures in
                total.messages += figures.messages
                total.wireBytes += figures.wireBytes
                total.latencies += figures.latencies
                total.failures += figures.failures
            }
        }
        total.latencies.sort()
        func percentile(_ q: Double) -> Int { total.latencies.isEmpty ? -1 : total.latencies[min(total.latencies.count - 1, Int(q * Double(total.latencies.count)))] }
        print("push: \(connected) of \(clients) clients subscribed in \(String(format: "%.1f", ramp)) s (\(total.failures) failures), "
              + "\(threads) load thread(s), measured \(Int(duration)) s after \(Int(warmup)) s warm-up")
        print(String(format: "delivered              %10.0f messages/s", Double(total.messages) / duration))
        print(String(format: "per client             %10.0f bytes/s on the wire", Double(total.wireBytes) / duration / Double(max(connected, 1))))
        print("tick-to-socket latency  p50 \(percentile(0.5)) ms   p99 \(percentile(0.99)) ms   max \(total.latencies.last ?? -1) ms")
        print("Manhattan snapshot     \(manhattanSnapshot.map(String.init) ?? "none") bytes on the wire")
        print(String(format: "server                 %10.0f %% CPU (100 = one core)   RSS %.0f MiB",
                     (serverAfter.cpuSeconds - serverBefore.cpuSeconds) / duration * 100, Double(serverAfter.residentBytes) / 1_048_576))
        print(String(format: "load generator         %10.0f %% CPU", (selfAfter - selfBefore) / duration * 100))
        return 0
    }

    /// The wire size of the snapshot of one more client looking at all of Manhattan (about
    /// 9 × 20 km), taken once the server has every feed.
    private static func manhattanSnapshotBytes(port: UInt16) -> Int? {
        // The literal corners are valid, so this cannot throw.
        let manhattan = try! BoundingBox(minLongitude: -74.02, minLatitude: 40.70, maxLongitude: -73.91, maxLatitude: 40.88)
        let window = LoadWindow()
        let probe = LoadClientThread(port: port, subscriptions: [subscribe(manhattan)], window: window)
        window.measure(for: 3)
        probe.run()
        return probe.figures.withLock { $0.snapshotWireBytes[0] }
    }

    private static func subscribe(_ box: BoundingBox) -> String {
        #"{"op":"subscribe","bbox":[\#(box.minLongitude),\#(box.minLatitude),\#(box.maxLongitude),\#(box.maxLatitude)]}"#
    }
}
