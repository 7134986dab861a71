/// Whether ticks come on time. A tick is late when more than `lateAfter` seconds pass between two
/// ticks finishing (one cadence plus a grace of a cadence, at least one second): its subscribers
/// went that long without a delta. The clock starts with the first tick (until then readiness
/// waits for the feeds anyway). Pure: the caller passes wall times; `/metrics` reads the lag,
/// `/readyz` fails while the current gap is late, and the log gets a line per late tick.
public struct TickHealth: Equatable, Sendable {
    /// Seconds between ticks when nothing wakes them.
    public let cadence: Double
    /// When the latest tick finished; nil before the first.
    public private(set) var lastFinished: Double?
    /// Ticks that finished late since start.
    public private(set) var lateTicks = 0

    public init(cadence: Double) {
        self.cadence = cadence
    }

    /// The longest gap between two ticks that is still on time.
    public var lateAfter: Double { cadence + max(cadence, 1) }

    /// Seconds the tick due now is behind its cadence at `now` (0 while on time).
    public func lag(at now: Double) -> Double {
        lastFinished.map { max(0, now - $0 - cadence) } ?? 0
    }

    /// Whether the ticks are late at `now`: none finished for longer than `lateAfter`.
    public func isLate(at now: Double) -> Bool {
        lastFinished.map { now - $0 > lateAfter } ?? false
    }

    /// A tick finished at `now`; returns its gap since the previous one when that was late.
    public mutating func finished(at now: Double) -> Double? {
        defer { lastFinished = max(lastFinished ?? now, now) }
        guard let lastFinished, now - lastFinished > lateAfter else { return nil }
        lateTicks += 1
        return now - lastFinished
    }
}
