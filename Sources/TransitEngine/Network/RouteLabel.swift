/// How riders know a route, as clients draw it: the short name on its bullet or pill and its
/// colours, from `routes.txt`. Carried by vehicles and board groups so that a client never shows a
/// long `route_id` (`00502-20160512154122_v40.34`) where riders read `005`.
public struct RouteLabel: Hashable, Sendable {
    /// `route_short_name` where it is not the id itself; nil: the id is the name.
    public var shortName: String?
    /// `route_color`, `RRGGBB` without `#`, when the feed gives one.
    public var color: String?
    /// `route_text_color`, `RRGGBB`, when the feed gives one.
    public var textColor: String?

    public init(shortName: String? = nil, color: String? = nil, textColor: String? = nil) {
        self.shortName = shortName
        self.color = color
        self.textColor = textColor
    }
}

extension RouteLabel {
    /// `route`'s label, nil when its GTFS row says nothing beyond the id (no short name of its own, no colours).
    public init?(_ route: NetworkRoute) {
        let shortName = route.shortName == route.id ? nil : route.shortName
        guard shortName != nil || route.color != nil || route.textColor != nil else { return nil }
        self.init(shortName: shortName, color: route.color, textColor: route.textColor)
    }
}
