import Foundation
import TracksideCommandLine

/// `trackside-bench ws-load`: the compiled load generator of `Tests/Benchmarks/websocket/run.sh`,
/// pointed at any WebSocket server on 127.0.0.1 (ours in `serve-broadcast` mode or the Node
/// `ws` peer). It connects N clients with `LoadClientThread`s (permessage-deflate offered, the
/// server decides), waits until every one is subscribed, then measures delivered messages and
/// latency from each message's `ts`, and the server's CPU (over the window) and RSS (with every
/// client connected, before the window) from /proc when given its pid.
/// It prints one `key=value` line for the runner to tabulate.
struct WebSocketLoadBench: CLICommand {
    static let name = "ws-load"
    static let summary = "N WebSocket clients against a broadcast server on 127.0.0.1 (see Tests/Benchmarks/websocket)"
    static let usage = """
          --port N         the server's port on 127.0.0.1
          --server-pid N   the server's process id, for its CPU and RSS
          --clients N      WebSocket clients (default 5000)
          --threads N      load generator threads (default 1)
          --warmup S       seconds between the last subscription and measuring (default 3)
          --duration S     seconds measured (default 20)
          --echo           each client answers every message, so messages/s are round trips/s
                           and latency is the round trip (against a server with --hz 0)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let port = try arguments.value("port", default: 0) { UInt16($0) }
        let pid = try arguments.value("server-pid", default: 0) { Int32($0) }
        let clients = try arguments.value("clients", default: 5000) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        let threads = try arguments.value("threads", default: 1) { Int($0).flatMap { (1...16).contains($0) ? $0 : nil } }
        let warmup = try arguments.value("warmup", default: 3.0) { Double($0) }
        let duration = try arguments.value("duration", default: 20.0) { Double($0).flatMap { $0 > 0 ? $0 : nil } }
        let echoes = arguments.flag("echo")
        guard port > 0, try arguments.positionals().isEmpty else { throw ArgumentList.UsageError(description: "--port is required") }

        let subscribe = #"{"op":"subscribe"}"#
        let run = LoadRun(connections: Array(repeating: LoadConnection(subscribe: subscribe, port: port), count: clients),
                          threads: threads, echoes: echoes)
        run.start()
        let ramp = run.waitForSubscriptions(timeout: 120)
        Thread.sleep(forTimeInterval: warmup)
        let serverBefore = BenchServer.usage(pid: pid), selfBefore = BenchServer.ownCPUSeconds()
        run.measure(for: duration)
        let serverAfter = BenchServer.usage(pid: pid), selfAfter = BenchServer.ownCPUSeconds()
        let figures = run.figures
        print("clients=\(clients) subscribed=\(run.subscribed) failures=\(figures.failures) ramp_s=\(String(format: "%.1f", ramp)) "
              + "msgs_per_s=\(String(format: "%.0f", Double(figures.messages) / duration)) "
              + "p50_ms=\(figures.latency(at: 0.5)) p99_ms=\(figures.latency(at: 0.99)) max_ms=\(figures.latencies.last ?? -1) "
              + "server_cpu=\(String(format: "%.3f", (serverAfter.cpuSeconds - serverBefore.cpuSeconds) / duration)) "
              + "server_rss_kib=\(serverBefore.residentBytes / 1024) "
              + "loadgen_cpu=\(String(format: "%.3f", (selfAfter - selfBefore) / duration))")
        return 0
    }
}
