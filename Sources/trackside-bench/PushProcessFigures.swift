import Foundation

/// What one process of a `trackside-bench push` deployment used over the measured window.
struct PushProcessFigures {
    var role: String
    var isRedis: Bool
    /// Percent of one core.
    var cpu: Double
    var residentMiB: Double
    /// Bytes per second of stream entries it read from Redis (nil: it follows no stream).
    var streamReadBytesPerSecond: Double?

    /// The difference between two samples of the process `duration` seconds apart.
    init(_ process: PushBenchProcess, before: PushBenchProcess.Sample, after: PushBenchProcess.Sample, duration: Double) {
        role = process.role
        isRedis = process.isRedis
        cpu = (after.cpuSeconds - before.cpuSeconds) / duration * 100
        residentMiB = Double(after.residentBytes) / 1_048_576
        if let start = before.streamReadBytes, let end = after.streamReadBytes {
            streamReadBytesPerSecond = (end - start) / duration
        }
    }

    /// `edge1 10.2 % 96 MiB, reads 10,120 B/s`.
    var summary: String {
        String(format: "%@ %.1f %% %.0f MiB", role, cpu, residentMiB)
            + (streamReadBytesPerSecond.map { String(format: ", reads %.0f B/s", $0) } ?? "")
    }
}
