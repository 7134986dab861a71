/// What a named area is, which decides how and from which zoom its name is drawn.
public enum LabelKind: String, Sendable, CaseIterable {
    case borough
    case neighbourhood
    case park
    case cemetery
    case airport
    /// Other special areas (Rikers Island, the Navy Yard, Fort Wadsworth).
    case place

    /// The kind of a neighbourhood tabulation area by NYC's `nta_type` code.
    public init(ntaType code: String?) {
        switch code {
        case "9": self = .park
        case "7": self = .cemetery
        case "8": self = .airport
        case "0", nil: self = .neighbourhood
        default: self = .place
        }
    }

    /// Whether the area is drawn as a shape of its own (green for parks, grey-green for cemeteries…), not only named.
    public var isDrawnArea: Bool { self == .park || self == .cemetery || self == .airport }
}
