/// The conversion of SIRI `Bearing` values to compass headings.
///
/// MTA Bus Time documents `Bearing` as degrees counter-clockwise from east (the mathematical
/// convention), unlike the compass headings used everywhere else in Trackside. The real
/// snapshots confirm it: measured against the tangent of the route shape under each Manhattan
/// bus, the counter-clockwise-from-east reading agrees within 30° for nearly all buses, the
/// compass reading for little more than half (docs/SIRI.md; `SIRIBearingConventionTests`).
public enum SIRIBearing {
    /// Degrees clockwise from true north in 0 ..< 360, for a bearing counter-clockwise from east.
    public static func compassDegrees(fromCounterClockwiseEast degrees: Double) -> Double {
        let compass = (90 - degrees).truncatingRemainder(dividingBy: 360)
        let wrapped = compass < 0 ? compass + 360 : compass
        // A tiny negative remainder rounds up to exactly 360 when wrapped.
        return wrapped >= 360 ? 0 : wrapped
    }
}
