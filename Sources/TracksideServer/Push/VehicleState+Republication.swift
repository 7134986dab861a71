import TransitEngine

extension VehicleState {
    /// Whether a client that shows `self` already draws `newer` correctly, so the tick
    /// need not send it: everything but the time-driven fields is equal, and
    ///
    /// - a moving vehicle is still on the motion segment the client has (same end point,
    ///   predicted arrival within a second): the client animates it along that path by
    ///   time, so its new position, bearing and shortened path add nothing;
    /// - anything else has not moved or turned.
    ///
    /// `age` alone never justifies a resend: it grows by the elapsed time, which the client
    /// knows. Without this rule the engine's per-tick `age` and position would resend every
    /// vehicle every second (docs/PROTOCOL.md, "What is sent").
    public func isRepublication(of newer: VehicleState) -> Bool {
        guard id == newer.id, kind == newer.kind, route == newer.route, label == newer.label, trip == newer.trip,
              direction == newer.direction, headsign == newer.headsign, status == newer.status,
              stop == newer.stop, nextStop == newer.nextStop, source == newer.source, flags == newer.flags,
              feedTimestamp == newer.feedTimestamp else { return false }
        if status == .moving, let motion, let newMotion = newer.motion,
           let end = motion.path.last, end == newMotion.path.last {
            return abs(motion.endTime - newMotion.endTime) < 1
        }
        return position == newer.position && bearing == newer.bearing && motion == newer.motion
    }
}
