import Foundation
import TracksideCommandLine
import Glibc

/// A `trackside serve --port 0` child process for benchmarks: the `trackside` built beside
/// this binary (or `--server PATH`), its port read from the listening line, its CPU and
/// memory read from /proc.
final class BenchServer {
    let process = Process()
    let port: UInt16

    /// Starts `serve --port 0 ARGUMENTS` of `executable` (default: the `trackside` in this
    /// binary's folder) and waits (up to 120 s) until it listens.
    init(executable: String? = nil, arguments: [String]) throws {
        let path = try executable ?? URL(fileURLWithPath: FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent().appendingPathComponent("trackside").path
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["serve", "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
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
