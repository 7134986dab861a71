import Foundation

/// What the clients of one `trackside-bench push` run connect to: the processes started for it,
/// each with the role it plays (each one's CPU and memory are reported), and the ports the clients
/// are dealt over. A `PushBenchTarget` starts one: `all` is one `trackside serve` process doing
/// everything, `scaleOut` an engine, edges and the redis-server between them.
struct PushBenchDeployment {
    var processes: [PushBenchProcess]
    /// The ports clients connect to on 127.0.0.1, dealt round-robin.
    var ports: [UInt16]
    /// Stops every process (and holds them until then).
    var stop: () -> Void

    /// Every process's CPU, memory and stream counter now, in `processes`' order.
    func sample() -> [PushBenchProcess.Sample] {
        processes.map { $0.sample() }
    }
}

/// One side of a comparison: a label and how to start its deployment for a run.
struct PushBenchTarget {
    var label: String
    var start: (_ run: Int) throws -> PushBenchDeployment

    /// One `trackside serve` of `executable` (nil: the one beside this binary) with `arguments`,
    /// its log in the temporary folder under the target's label and the run's number; the clients
    /// connect once it has ticked three times (the first, slow ticks are not the steady state).
    static func all(label: String, executable: String?, arguments: [String]) -> PushBenchTarget {
        PushBenchTarget(label: label) { run in
            let server = try BenchServer(executable: executable, arguments: arguments, logPath: logPath(label: label, run: run))
            if !server.waitForTicks(3, timeout: 120) { print("push: \(label) run \(run): no three ticks within 120 s; measuring anyway") }
            return PushBenchDeployment(processes: [PushBenchProcess(role: "all", server: server)], ports: [server.port],
                                       stop: { server.stop() })
        }
    }

    /// Where the process playing `role` in `label`'s run number `run` logs.
    static func logPath(label: String, run: Int, role: String = "all") -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("trackside-bench-push-\(label)-\(role)-\(run).log").path
    }
}
