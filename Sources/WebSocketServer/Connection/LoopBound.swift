/// A loop-owned, non-`Sendable` value carried through a `@Sendable` closure back to its loop.
///
/// The value must only be touched on `loop`; `value` checks it. This is how a promise completed
/// on another thread reaches the connection handler waiting for it.
struct LoopBound<Value: AnyObject>: @unchecked Sendable {
    private let wrapped: Value
    let loop: EventLoop

    init(_ value: Value, loop: EventLoop) {
        self.wrapped = value
        self.loop = loop
    }

    var value: Value {
        precondition(loop.inEventLoop, "a loop-bound value was used off its event loop")
        return wrapped
    }
}
