import Foundation
import TracksideCommandLine
import Glibc

/// A `trackside serve --port 0` child process for benchmarks: the `trackside` built beside
/// this binary (or `--server PATH`), its port read from the listening line, its CPU and
/// memory read from /proc. It inherits this process's limits (the open files limit the
/// benchmark raised); its log goes to `logPath` when one is given.
final class BenchServer {
    let process = Process()
    let port: UInt16

    /// The `trackside` in this binary's folder.
    static var besideThisBinary: String {
        get throws {
            try URL(fileURLWithPath: FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                .deletingLastPathComponent().appendingPathComponent("trackside").path
        }
    }

    /// Starts `serve --port 0 ARGUMENTS` of `executable` (default: `besideThisBinary`) and
    /// waits (up to 120 s) until it listens.
    init(executable: String? = nil, arguments: [String], logPath: String? = nil) throws {
        let path = try executable ?? Self.besideThisBinary
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["serve", "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        if let logPath, FileManager.default.createFile(atPath: logPath, contents: nil),
           let log = FileHandle(forWritingAtPath: logPath) {
            process.standardError = log
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            text += String(decoding: chunk, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("trackside: listening on http://") }),
               let port = line.split(separator: ":").last.flatMap({ UInt16($0) }) {
                self.port = port
                return
            }
        }
        process.terminate()
        throw ArgumentList.UsageError(description: "the server did not start: \(text)")
    }

    /// Polls `GET /metrics` until `ticks` ticks have finished after the first that placed
    /// vehicles (`trackside_vehicles`, `trackside_tick_duration_seconds_count`), or `timeout`
    /// seconds pass; returns whether they did. The first ticks run before the feeds are decoded,
    /// and the one that first places every train is slow: neither is the steady state. (A replay's
    /// feeds may never all be fresh at once, so `/readyz` is no signal here.)
    func waitForTicks(_ ticks: Int, timeout: Double) -> Bool {
        var firstWithVehicles: Double?
        return waitUntil(timeout: timeout) { metrics in
            let count = metrics["trackside_tick_duration_seconds_count"] ?? 0
            if firstWithVehicles == nil, (metrics["trackside_vehicles"] ?? 0) > 0 { firstWithVehicles = count }
            return firstWithVehicles.map { count >= $0 + Double(ticks) } ?? false
        }
    }

    /// Polls `GET /metrics` every 0.2 s until `done` says so or `timeout` seconds pass; returns whether it did.
    func waitUntil(timeout: Double, _ done: ([String: Double]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if let metrics = Self.metrics(port: port), done(metrics) { return true }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return false
    }

    /// A server's `/metrics`, each metric's samples summed over their labels (nil: no answer).
    static func metrics(port: UInt16) -> [String: Double]? {
        guard let body = BenchHTTP.get(port: port, path: "/metrics")?.body else { return nil }
        var metrics: [String: Double] = [:]
        for line in body.split(separator: "\n") where !line.hasPrefix("#") {
            guard let name = line.split(whereSeparator: { $0 == " " || $0 == "{" }).first,
                  let value = line.split(separator: " ").last.flatMap({ Double($0) }) else { continue }
            metrics[String(name), default: 0] += value
        }
        return metrics
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// The server's CPU time so far and resident memory now.
    func usage() -> (cpuSeconds: Double, residentBytes: Int) {
        Self.usage(pid: process.processIdentifier)
    }

    /// Any process's CPU time so far and resident memory now, from /proc.
    static func usage(pid: Int32) -> (cpuSeconds: Double, residentBytes: Int) {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        let ticks = fields.count > 12 ? (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0) : 0
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }?
            .split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return (ticks / Double(sysconf(Int32(_SC_CLK_TCK))), rss * 1024)
    }

    /// This process's CPU time so far (user + system).
    static func ownCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
