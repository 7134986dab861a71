/// Which engine publishes, as a sans-I/O state machine driven by a clock and Redis's replies:
/// take the lease (`SET lease token NX PX ttl`, and in the same script `INCR` of the term that
/// fences the entries), renew it every `renewInterval` while this token still owns it, and stand
/// down the moment a renewal is refused or an append is fenced — or once the lease may have
/// expired unrenewed (Redis unreachable), whichever comes first.
///
/// The lease counts as held until the instant its last confirmed take or renewal was *sent*
/// plus the TTL less `safetyMargin`, so this engine stops publishing before Redis can give the
/// lease to another; the stream ids (`PublishedTick.streamID`, term first) refuse whatever a
/// stale engine still writes once the next leader has written.
public struct PublisherLease: Sendable {
    /// What to send to Redis next.
    public enum Command: Equatable, Sendable {
        /// Take the lease if nobody holds it, with a new fencing term.
        case acquire(ttlMilliseconds: Int)
        /// Extend the lease's TTL only while this token still owns it.
        case renew(ttlMilliseconds: Int)
        /// Delete the lease only while this token still owns it (a clean shutdown hands over at once).
        case release
    }

    /// Redis's answer to the command in flight.
    public enum Reply: Equatable, Sendable {
        /// `acquire`: taken, with this term.
        case term(UInt64)
        /// `acquire` / `renew` / `release`: whether this token holds (held, released) the lease;
        /// `acquire` answers false when another engine holds it.
        case granted(Bool)
        /// No answer (timeout, connection lost, an error reply).
        case failed
    }

    public enum Role: Equatable, Sendable {
        case standby
        /// Publishing with this fencing term.
        case leading(term: UInt64)
    }

    public let ttl: Double
    public let renewInterval: Double
    /// How often a standby asks for the lease: after a leader dies without releasing it, the
    /// standby takes over at most this long after the TTL ran out.
    public let acquireInterval: Double
    public let safetyMargin: Double
    /// The command awaiting its reply, and when it was sent.
    public private(set) var inFlight: (command: Command, sentAt: Double)?
    private var held: (until: Double, term: UInt64)?
    private var nextAttempt = -Double.infinity
    private var releasing = false

    public init(ttl: Double = 3, renewInterval: Double = 1, acquireInterval: Double = 0.5, safetyMargin: Double = 0.5) {
        precondition(renewInterval + safetyMargin < ttl, "the lease must be renewed well inside its TTL")
        self.ttl = ttl
        self.renewInterval = renewInterval
        self.acquireInterval = acquireInterval
        self.safetyMargin = safetyMargin
    }

    private var ttlMilliseconds: Int { Int(ttl * 1000) }

    /// The role at `now`: leading only while the lease is surely still this engine's.
    public func role(at now: Double) -> Role {
        guard let held, now < held.until else { return .standby }
        return .leading(term: held.term)
    }

    /// What to send at `now`, if anything: one command at a time, a renewal `renewInterval` after
    /// the previous command, a take `acquireInterval` after it. A command unanswered past the TTL counts as failed.
    public mutating func poll(at now: Double) -> Command? {
        if let inFlight {
            guard now - inFlight.sentAt > ttl else { return nil }
            received(.failed, at: now)
        }
        guard !releasing, now >= nextAttempt else { return nil }
        let command: Command
        if case .leading = role(at: now) {
            command = .renew(ttlMilliseconds: ttlMilliseconds)
        } else {
            held = nil
            command = .acquire(ttlMilliseconds: ttlMilliseconds)
        }
        inFlight = (command, now)
        nextAttempt = now + (command == .release ? 0 : command == .acquire(ttlMilliseconds: ttlMilliseconds) ? acquireInterval : renewInterval)
        return command
    }

    /// Redis answered the command in flight at `now`.
    public mutating func received(_ reply: Reply, at now: Double) {
        guard let (command, sentAt) = inFlight else { return }
        inFlight = nil
        switch (command, reply) {
        case (.acquire, .term(let term)):
            held = (sentAt + ttl - safetyMargin, term)
        case (.renew, .granted(true)):
            held = held.map { (sentAt + ttl - safetyMargin, $0.term) }
        case (.renew, .failed):
            // Unanswered: keep leading only while the last confirmed renewal lasts.
            break
        case (.acquire, _), (.renew, _), (.release, _):
            // Another engine holds it (or took it), or it was given back: stand down at once.
            held = nil
        }
    }

    /// Redis refused an append as fenced: another engine leads with a later term. Stands down at once.
    public mutating func fenced() {
        held = nil
    }

    /// Stops leading at once and returns the command that gives the lease back, when held.
    public mutating func release(at now: Double) -> Command? {
        let wasLeading = role(at: now) != .standby
        held = nil
        releasing = true
        guard wasLeading else { return nil }
        inFlight = (.release, now)
        return .release
    }
}
