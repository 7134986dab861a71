/// Bounds on what one connection may ask for (docs/PROTOCOL.md lists the defaults).
///
/// A view is bounded by what it costs, not by its size on the ground: a whole-city subway view (New York is about
/// 48 km across) is a few hundred trains and well within budget, while a dense bus view of a few kilometres may not
/// be. Views over budget are refused, never clipped.
public struct PushLimits: Sendable {
    /// A view that would show more vehicles than this is refused with `bbox_too_large`.
    public var maximumVehiclesPerView = 2500
    /// A view whose vehicles' JSON would take more than this many bytes is refused with `bbox_too_large`; a list of
    /// bus stops (`/api/bus-stops`) is held to the same budget.
    public var maximumBytesPerView = 1 << 20
    /// Stations and routes one connection may watch at once.
    public var maximumWatches = 16
    /// Subscribe/resume messages accepted in a burst…
    public var subscribeBurst = 10.0
    /// …and per second after it.
    public var subscribesPerSecond = 2.0
    /// Messages of any kind accepted in a burst…
    public var messageBurst = 40.0
    /// …and per second after it (`MessageBudget`).
    public var messagesPerSecond = 20.0
    /// Messages refused over that budget (forgiven at one a second) before the connection is
    /// closed with 1008.
    public var refusalsBeforeClose = 20.0

    public init() {}

    /// Refuses a view of more than `maximumVehiclesPerView` vehicles or more than `maximumBytesPerView` bytes of
    /// them (each vehicle's wire JSON and its separating comma). A whole-network view (`"region":"all"`) is refused
    /// the same way, never thinned, its refusal saying how to narrow it.
    public func checkBudget(of vehicles: [PublishedVehicle], wholeNetwork: Bool = false) throws(PushRequestError) {
        let (view, advice) = wholeNetwork ? ("the whole network", Self.narrowing) : ("the view", "")
        guard vehicles.count <= maximumVehiclesPerView else {
            throw PushRequestError(.bboxTooLarge, "\(view) holds \(vehicles.count) vehicles; the limit is \(maximumVehiclesPerView)" + advice)
        }
        try checkBytes(vehicles.reduce(0) { $0 + $1.json.count + 1 }, of: "vehicles", in: view, advice: advice)
    }

    /// Refuses `bytes` of `what` over `maximumBytesPerView`.
    public func checkBytes(_ bytes: Int, of what: String, in view: String = "the view", advice: String = "") throws(PushRequestError) {
        guard bytes <= maximumBytesPerView else {
            throw PushRequestError(.bboxTooLarge, "\(view)'s \(what) take \(bytes) bytes; the limit is \(maximumBytesPerView) bytes" + advice)
        }
    }

    /// What a refused whole-network view can do instead.
    static let narrowing = "; narrow it with layers or routes, or read every vehicle from \(VehiclePositionsFeed.path)"
}
