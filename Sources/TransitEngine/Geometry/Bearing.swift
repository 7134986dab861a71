/// Arithmetic on compass bearings: degrees clockwise from true north.
public enum Bearing {
    /// `degrees` brought into 0 ..< 360.
    public static func normalized(_ degrees: Double) -> Double {
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        let positive = wrapped < 0 ? wrapped + 360 : wrapped
        return positive == 360 ? 0 : positive
    }

    /// The smallest angle between two bearings, 0 ... 180.
    public static func difference(_ a: Double, _ b: Double) -> Double {
        let delta = normalized(a - b)
        return delta > 180 ? 360 - delta : delta
    }

    /// The opposite direction.
    public static func reversed(_ degrees: Double) -> Double {
        normalized(degrees + 180)
    }
}
