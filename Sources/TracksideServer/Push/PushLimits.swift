/// Bounds on what one connection may ask for (docs/PROTOCOL.md lists the defaults).
public struct PushLimits: Sendable {
    /// A bbox wider or taller than this many kilometres is refused with `bbox_too_large`.
    public var maximumSpanKilometres: Double = 30
    /// A view that would show more vehicles than this is refused with `bbox_too_large`.
    public var maximumVehiclesPerView = 2500
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

    /// Refuses a box wider or taller than `maximumSpanKilometres`.
    public func checkSpan(of box: BoundingBox) throws(PushRequestError) {
        let span = max(box.widthKilometres, box.heightKilometres)
        guard span <= maximumSpanKilometres else {
            throw PushRequestError(.bboxTooLarge, "bbox spans \(Int(span.rounded())) km; the limit is \(Int(maximumSpanKilometres)) km")
        }
    }

    /// Refuses a view that would show more than `maximumVehiclesPerView` vehicles.
    public func checkCount(_ count: Int) throws(PushRequestError) {
        guard count <= maximumVehiclesPerView else {
            throw PushRequestError(.bboxTooLarge, "bbox holds \(count) vehicles; the limit is \(maximumVehiclesPerView)")
        }
    }
}
