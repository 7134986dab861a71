import Foundation
import TestSupport

extension PushBenchTarget {
    /// The scale-out topology on this one box: a redis-server of its own (127.0.0.1, a free port, nothing
    /// persisted: `RedisServerProcess`), one `serve --role engine` publishing its ticks to it, and `edges`
    /// `serve --role edge` processes following the stream, every one with `arguments` (the edges need the
    /// engine's `--source` and `--gtfs` for `hello` and REST). The clients are dealt over the edges; they
    /// connect once the engine has ticked three times and every edge has followed three entries.
    static func scaleOut(label: String, executable: String?, arguments: [String], edges: Int) -> PushBenchTarget {
        PushBenchTarget(label: label) { run in
            let redis = try RedisServerProcess()
            var servers: [BenchServer] = []
            let stopAll = {
                for server in servers.reversed() { server.stop() }
                redis.stop()
            }
            do {
                let engine = try BenchServer(executable: executable, arguments: arguments + ["--role", "engine", "--redis", redis.url()],
                                             logPath: logPath(label: label, run: run, role: "engine"))
                servers.append(engine)
                if !engine.waitForTicks(3, timeout: 120) { print("push: \(label) run \(run): the engine did not tick three times within 120 s") }
                for index in 1...edges {
                    servers.append(try BenchServer(executable: executable, arguments: arguments + ["--role", "edge", "--redis", redis.url()],
                                                   logPath: logPath(label: label, run: run, role: "edge\(index)")))
                }
                for (index, edge) in servers.dropFirst().enumerated()
                where !edge.waitUntil(timeout: 60, { ($0["trackside_stream_entries_read_total"] ?? 0) >= 3 }) {
                    print("push: \(label) run \(run): edge\(index + 1) followed no three stream entries within 60 s; measuring anyway")
                }
            } catch {
                stopAll()
                throw error
            }
            let processes = [PushBenchProcess(role: "engine", server: servers[0])]
                + servers.dropFirst().enumerated().map { PushBenchProcess(role: "edge\($0.offset + 1)", server: $0.element) }
                + [PushBenchProcess(role: "redis", pid: redis.processIdentifier ?? 0, metricsPort: nil)]
            return PushBenchDeployment(processes: processes, ports: servers.dropFirst().map(\.port), stop: stopAll)
        }
    }
}
