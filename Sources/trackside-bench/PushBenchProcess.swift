import Foundation

/// One process of a `PushBenchDeployment`: the role it plays (`all`, `engine`, `edge1`, `redis`),
/// its pid for /proc, and for a `trackside serve` the port of its `/metrics`.
struct PushBenchProcess {
    var role: String
    var pid: Int32
    var metricsPort: UInt16?

    /// A process's counters at one moment.
    struct Sample {
        var cpuSeconds: Double
        var residentBytes: Int
        /// `trackside_stream_read_bytes_total`: bytes of stream entries it read from Redis (nil: not following a stream).
        var streamReadBytes: Double?
    }

    var isRedis: Bool { metricsPort == nil }

    init(role: String, server: BenchServer) {
        self.init(role: role, pid: server.process.processIdentifier, metricsPort: server.port)
    }

    init(role: String, pid: Int32, metricsPort: UInt16?) {
        self.role = role
        self.pid = pid
        self.metricsPort = metricsPort
    }

    /// CPU and RSS from /proc, and the stream counter from `/metrics` (the redis-server has none).
    func sample() -> Sample {
        let usage = BenchServer.usage(pid: pid)
        let read = metricsPort.flatMap { BenchServer.metrics(port: $0)?["trackside_stream_read_bytes_total"] }
        return Sample(cpuSeconds: usage.cpuSeconds, residentBytes: usage.residentBytes, streamReadBytes: read)
    }
}
