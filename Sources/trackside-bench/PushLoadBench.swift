import Foundation
import Glibc
import TracksideCommandLine
import TracksideServer
import TransitData
import WebSocketServer

/// `trackside-bench push`: a real server under a real load, in one command. It starts
/// `trackside serve` (the binary beside this one, or `--server PATH`) on a replay, connects N
/// WebSocket clients with permessage-deflate from `LoadClientThread`s, each subscribed to a
/// random 1–5 km box across New York, and reports delivered messages/s, bytes per client per
/// second, tick-to-socket latency from each message's `ts` (p50, p99, max), the wire size of a
/// Manhattan-sized snapshot, the server's CPU (and per 1,000 clients) and RSS, and the load
/// generator's own CPU.
///
/// `--topology scale-out` measures, in the same command and with the same clients, one `all` instance
/// against one engine plus `--edges` edges (default 2) on this box, through a redis-server the benchmark
/// starts on a free 127.0.0.1 port (`PushBenchTarget.scaleOut`): the clients are dealt over the edges, and
/// each process's CPU and RSS, the redis-server's CPU, and the bytes each edge read from the stream
/// (its `trackside_stream_read_bytes_total`) are printed under the row.
///
/// `--baseline PATH` measures a second binary in the same command, the two alternating run by
/// run (`--rounds`), so both share whatever else the machine is doing; the runs are printed
/// side by side. Past one source address's ephemeral ports the clients are spread over
/// 127.0.0.2, 127.0.0.3, … (`LoadSources`), and the open files limit is raised (as far as the
/// kernel allows, `nr_open` for root) before the servers start, so they inherit it.
struct PushLoadBench: CLICommand {
    static let name = "push"
    static let summary = "N WebSocket clients on random NYC boxes against `serve --source replay:…` (optionally old vs new)"
    static let usage = """
          --clients N          WebSocket clients (default 10000)
          --threads N          load generator threads (default 1)
          --warmup S           seconds between the last snapshot and measuring (default 10)
          --duration S         seconds measured (default 30)
          --replay DIR         recorded feeds (default ../shared/data/…/2024-01-20_all-7-feeds)
          --gtfs PATH          static GTFS (default ../shared/data/nyc-subway-gtfs/2018-11_full-except-stop_times)
          --replay-skip S      recorded seconds skipped, so every feed is there from the start (default 230)
          --server PATH        the trackside binary to measure (default: the one beside trackside-bench)
          --baseline PATH      another trackside binary measured in the same command, alternating with --server
          --topology T         all (default: one `serve` process) or scale-out (`all` against an engine, edges
                               and a redis-server of its own, alternating; not with --baseline)
          --edges N            edges of the scale-out topology (default 2)
          --rounds N           runs of each binary (default 1, or 2 with --baseline)
          --sources N          loopback source addresses 127.0.0.2… to spread clients over
                               (default: as many as the ephemeral port range needs, none below ~24,000)
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
        let baseline = try arguments.value("baseline")
        let topology = try arguments.value("topology", default: "all") { ["all", "scale-out"].contains($0) ? $0 : nil }
        let edges = try arguments.value("edges", default: 2) { Int($0).flatMap { (1...8).contains($0) ? $0 : nil } }
        let comparing = baseline != nil || topology == "scale-out"
        let rounds = try arguments.value("rounds", default: comparing ? 2 : 1) { Int($0).flatMap { (1...20).contains($0) ? $0 : nil } }
        let sourceCount = try arguments.value("sources", default: nil as Int?) { Int($0).flatMap { (1...250).contains($0) ? $0 : nil } }
        guard try arguments.positionals().isEmpty else { throw ArgumentList.UsageError(description: "unexpected argument") }
        if baseline != nil, topology != "all" { throw ArgumentList.UsageError(description: "--baseline compares `all` instances only") }

        // All seven feeds from the start (the last one is 227 s into the recording), then the
        // trains run on along their predictions.
        var serve = ["--source", "replay:\(replay)", "--gtfs", gtfs, "--replay-skip", "\(skip)"]
        let maxConnections = max(ServerConfiguration().maxConnections, clients + 1_000)
        if maxConnections > ServerConfiguration().maxConnections { serve += ["--max-connections", "\(maxConnections)"] }
        let limit = raiseOpenFilesLimit(clients: clients)
        let sources = LoadSources.addresses(for: clients, count: sourceCount)
        let targets: [PushBenchTarget]
        if topology == "scale-out" {
            targets = [.all(label: "all", executable: executable, arguments: serve),
                       .scaleOut(label: "scale-out", executable: executable, arguments: serve, edges: edges)]
        } else {
            targets = (baseline.map { [PushBenchTarget.all(label: "baseline", executable: $0, arguments: serve)] } ?? [])
                + [PushBenchTarget.all(label: baseline == nil ? "server" : "candidate", executable: executable, arguments: serve)]
        }

        print("push: \(clients) clients, \(threads) load thread(s), from \(sources.map { $0 ?? "127.0.0.1" }.joined(separator: ", ")); "
              + "open files limit \(limit.soft) (hard \(limit.hard)); \(ProcessInfo.processInfo.activeProcessorCount) cores, "
              + "load average \(loadAverage) at the start")
        for target in targets {
            print("  \(target.label): \(target.label == "baseline" ? baseline ?? "" : executable ?? (try? BenchServer.besideThisBinary) ?? ""), "
                  + "logs in \(PushBenchTarget.logPath(label: target.label, run: 0, role: "ROLE").replacingOccurrences(of: "-0.log", with: "-N.log"))")
        }
        var figures: [PushLoadFigures] = []
        for round in 1...rounds {
            for target in targets {
                let run = try measure(target, round: round, clients: clients, threads: threads, sources: sources,
                                      warmup: warmup, duration: duration)
                print(run.row)
                if let breakdown = run.breakdown { print(breakdown) }
                figures.append(run)
            }
        }
        print("load average \(loadAverage) at the end")
        print("")
        print(PushLoadFigures.header)
        for run in figures {
            print(run.row)
            if let breakdown = run.breakdown { print(breakdown) }
        }
        if comparing {
            print("")
            for label in targets.map(\.label) {
                let runs = figures.filter { $0.label == label }
                print(String(format: "%@: median p99 %.0f ms, median server CPU %.1f %% of a core (%.2f %% per 1,000 clients), "
                             + "median RSS %.0f MiB", label, median(runs.map { Double($0.p99) }), median(runs.map(\.serverCPU)),
                             median(runs.map(\.serverCPUPerThousand)), median(runs.map(\.residentMiB)))
                      + (runs.allSatisfy { $0.redisCPU != nil }
                         ? String(format: ", median redis CPU %.1f %%", median(runs.compactMap(\.redisCPU))) : ""))
            }
        }
        return 0
    }

    /// One run of `target`: start it, ramp the clients up, warm up, measure, take the
    /// Manhattan probe, stop it.
    private static func measure(_ target: PushBenchTarget, round: Int, clients: Int, threads: Int, sources: [String?],
                                warmup: Double, duration: Double) throws -> PushLoadFigures {
        let deployment = try target.start(round)
        defer { deployment.stop() }
        var generator = SplitMix64(seed: 7)
        let connections = (0..<clients).map { index in
            LoadConnection(subscribe: subscribe(BenchArea.randomBox(&generator)),
                           port: deployment.ports[index % deployment.ports.count], source: sources[index % sources.count])
        }
        let load = LoadRun(connections: connections, threads: threads)
        load.start()
        let ramp = load.waitForSubscriptions(timeout: max(120, Double(clients) / 250))
        Thread.sleep(forTimeInterval: warmup)
        let manhattan = manhattanSnapshotBytes(port: deployment.ports[0])
        let before = deployment.sample(), selfBefore = BenchServer.ownCPUSeconds()
        load.measure(for: duration)
        let after = deployment.sample(), selfAfter = BenchServer.ownCPUSeconds()
        let figures = load.figures
        return PushLoadFigures(label: target.label, round: round, clients: clients, subscribed: load.subscribed,
                               compressing: load.compressing, rampSeconds: ramp, failures: figures.failures,
                               messagesPerSecond: Double(figures.messages) / duration,
                               bytesPerClientPerSecond: Double(figures.wireBytes) / duration / Double(max(load.subscribed, 1)),
                               p50: figures.latency(at: 0.5), p99: figures.latency(at: 0.99), max: figures.latencies.last ?? -1,
                               manhattanSnapshotBytes: manhattan,
                               processes: deployment.processes.indices.map {
                                   PushProcessFigures(deployment.processes[$0], before: before[$0], after: after[$0], duration: duration)
                               },
                               generatorCPU: (selfAfter - selfBefore) / duration * 100)
    }

    /// Raises this process's open files limit for `clients` sockets, and with it the servers'
    /// (they inherit it; a server raises its own soft limit as far as the hard one allows for its
    /// `--max-connections`). Root with `CAP_SYS_RESOURCE` may go past the hard limit up to `nr_open`.
    private static func raiseOpenFilesLimit(clients: Int) -> OpenFilesLimit {
        let needed = clients + 1_000 + OpenFilesLimit.reserve
        let (limit, shortfall) = OpenFilesLimit.raise(toAtLeast: needed, ceiling: geteuid() == 0 ? systemCeiling : nil)
        if shortfall > 0 {
            print("push: warning: open files limit \(limit.soft) is \(shortfall) short of the \(needed) this run needs; "
                  + "connections past it will fail (raise the hard limit, or run as root with CAP_SYS_RESOURCE)")
        }
        return limit
    }

    /// The most any process may be given (`/proc/sys/fs/nr_open`), nil when unreadable.
    private static var systemCeiling: Int? {
        (try? String(contentsOfFile: "/proc/sys/fs/nr_open", encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    private static var loadAverage: String {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) == 3 ? loads.map { String(format: "%.2f", $0) }.joined(separator: " ") : "unknown"
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
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
