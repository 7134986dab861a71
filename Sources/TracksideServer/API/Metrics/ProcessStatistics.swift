import Foundation

/// What `/proc/self` says about this process: resident memory and open descriptors. Fields
/// that cannot be read (not Linux, /proc not mounted) are nil and left out of `/metrics`.
public struct ProcessStatistics: Sendable {
    public var residentBytes: Int?
    public var openFileDescriptors: Int?

    /// Reads `/proc/self/statm` (pages) and counts `/proc/self/fd`.
    public static func current() -> ProcessStatistics {
        var statistics = ProcessStatistics()
        if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
            let fields = statm.split(separator: " ")
            if fields.count > 1, let pages = Int(fields[1]) { statistics.residentBytes = pages * Int(sysconf(Int32(_SC_PAGESIZE))) }
        }
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            // One of them is the descriptor the listing itself opened.
            statistics.openFileDescriptors = max(0, entries.count - 1)
        }
        return statistics
    }
}
