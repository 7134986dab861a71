import Glibc

/// Nanoseconds on the monotonic clock: deadlines and timeouts never jump with wall-clock changes.
enum MonotonicClock {
    /// The current monotonic time in nanoseconds.
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}

extension Duration {
    /// The duration in whole nanoseconds, clamped at zero (a negative delay means "now").
    var clampedNanoseconds: UInt64 {
        guard self > .zero else { return 0 }
        let (seconds, attoseconds) = components
        let whole = UInt64(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !whole.overflow else { return .max }
        return whole.partialValue &+ UInt64(clamping: attoseconds / 1_000_000_000)
    }
}
