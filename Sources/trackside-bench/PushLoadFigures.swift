import Foundation

/// What one `trackside-bench push` run measured, printed as one row so runs of two binaries
/// (or two topologies) stand side by side.
struct PushLoadFigures {
    var label: String
    var round: Int
    var clients: Int
    /// Clients whose snapshot arrived, and those of them with permessage-deflate negotiated.
    var subscribed: Int
    var compressing: Int
    /// Seconds from the first connection until the last snapshot arrived.
    var rampSeconds: Double
    var failures: Int
    var messagesPerSecond: Double
    var bytesPerClientPerSecond: Double
    /// Tick-to-socket latency in milliseconds.
    var p50: Int
    var p99: Int
    var max: Int
    var manhattanSnapshotBytes: Int?
    /// Every process of the deployment (the redis-server of a scale-out one included).
    var processes: [PushProcessFigures]
    var generatorCPU: Double

    /// Percent of one core over the measured window, every `trackside` process together (not Redis).
    var serverCPU: Double { processes.filter { !$0.isRedis }.map(\.cpu).reduce(0, +) }
    /// Resident memory of every `trackside` process together.
    var residentMiB: Double { processes.filter { !$0.isRedis }.map(\.residentMiB).reduce(0, +) }
    /// The redis-server's share of a core, nil without one.
    var redisCPU: Double? { processes.first(where: \.isRedis)?.cpu }

    /// Server CPU per 1,000 subscribed clients, in percent of one core.
    var serverCPUPerThousand: Double { serverCPU / Double(Swift.max(subscribed, 1)) * 1_000 }

    static let header = "target      run  subscribed (deflate)  ramp s  failures  msgs/s  B/client/s  p50 ms  p99 ms  max ms"
        + "  Manhattan B  server %CPU  %CPU/1k  RSS MiB  redis %CPU  generator %CPU"

    var row: String {
        label.padding(toLength: 11, withPad: " ", startingAt: 0)
            + String(format: " %4d  %10d (%6d)  %6.1f  %8d  %6.0f  %10.0f  %6d  %6d  %6d  ",
                     round, subscribed, compressing, rampSeconds, failures, messagesPerSecond, bytesPerClientPerSecond,
                     p50, p99, max)
            + (manhattanSnapshotBytes.map(String.init) ?? "none").leftPadding(toLength: 11)
            + String(format: "  %11.1f  %7.2f  %7.0f  ", serverCPU, serverCPUPerThousand, residentMiB)
            + (redisCPU.map { String(format: "%.1f", $0) } ?? "none").leftPadding(toLength: 10)
            + String(format: "  %14.1f", generatorCPU)
    }

    /// Each process on its own, for a deployment of more than one (nil for one `all` process).
    var breakdown: String? {
        processes.count > 1 ? "            " + processes.map(\.summary).joined(separator: "; ") : nil
    }
}

extension String {
    func leftPadding(toLength length: Int) -> String {
        count >= length ? self : String(repeating: " ", count: length - count) + self
    }
}
