import Glibc

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`), which bounds how many
/// connections it can hold: every socket is one descriptor. Distributions start processes with a
/// soft limit of 1,024 (or a service manager's choice) under a higher hard limit; a server that
/// promises `maxConnections` raises its soft limit to what that needs, and says so when the hard
/// limit is too low to.
///
/// The decision is a pure function of the limits and the need (`plan`); `raise` applies it.
public struct OpenFilesLimit: Equatable, Sendable {
    /// The limit in force (`rlim_cur`).
    public var soft: Int
    /// The ceiling an unprivileged process may raise `soft` to (`rlim_max`).
    public var hard: Int

    public init(soft: Int, hard: Int) {
        self.soft = soft
        self.hard = hard
    }

    /// Descriptors a server needs beyond one per connection: the listener, epoll and eventfd per
    /// loop, static files and feeds being read, log and standard streams.
    public static let reserve = 256

    /// What to do about a need of `needed` descriptors.
    public struct Plan: Equatable, Sendable {
        /// The limits to set, or nil when those in force already cover the need.
        public var target: OpenFilesLimit?
        /// Descriptors short of the need after the change (0 when it is covered).
        public var shortfall: Int
    }

    /// Raises the soft limit to `needed` (never lowers it), and the hard limit too when
    /// `ceiling` allows it (a privileged process may raise it up to `/proc/sys/fs/nr_open`; nil
    /// keeps the hard limit); what remains short of `needed` is the shortfall.
    public func plan(needed: Int, ceiling: Int? = nil) -> Plan {
        guard soft < needed else { return Plan(target: nil, shortfall: 0) }
        let hard = max(self.hard, min(needed, ceiling ?? self.hard))
        let soft = min(needed, hard)
        return Plan(target: OpenFilesLimit(soft: soft, hard: hard), shortfall: needed - soft)
    }
}

extension OpenFilesLimit {
    /// The limits in force for this process.
    public static var current: OpenFilesLimit {
        var limit = rlimit()
        getrlimit(resource, &limit)
        return OpenFilesLimit(soft: Self.count(limit.rlim_cur), hard: Self.count(limit.rlim_max))
    }

    /// Applies `plan(needed:ceiling:)` to this process; returns the limits in force afterwards
    /// and what is still short (a hard limit raised beyond what the process may set is refused
    /// by the kernel, and the soft limit then goes as high as the old hard limit allows).
    @discardableResult
    public static func raise(toAtLeast needed: Int, ceiling: Int? = nil) -> (limit: OpenFilesLimit, shortfall: Int) {
        let before = current
        guard let target = before.plan(needed: needed, ceiling: ceiling).target else { return (before, 0) }
        if !set(target), target.hard != before.hard,
           let fallback = before.plan(needed: needed).target {
            _ = set(fallback)
        }
        let after = current
        return (after, max(0, needed - after.soft))
    }

    private static func set(_ limit: OpenFilesLimit) -> Bool {
        var value = rlimit(rlim_cur: rlim_t(limit.soft), rlim_max: rlim_t(limit.hard))
        return setrlimit(resource, &value) == 0
    }

    private static func count(_ value: rlim_t) -> Int {
        value > rlim_t(Int.max) ? Int.max : Int(value)
    }

    /// `RLIMIT_NOFILE`, which Glibc imports as an enum case.
    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
