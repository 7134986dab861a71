/// What a row of `stops.txt` describes (`location_type`).
public enum GTFSLocationType: Int, Hashable, Sendable {
    /// 0 or empty: a stop or platform where vehicles halt (`101N`).
    case stopOrPlatform = 0
    /// 1: a station grouping platforms (`101`).
    case station = 1
    /// 2: a station entrance or exit.
    case entrance = 2
    /// 3: a generic node inside a station, used in pathways.
    case genericNode = 3
    /// 4: a boarding area on a platform.
    case boardingArea = 4
}
