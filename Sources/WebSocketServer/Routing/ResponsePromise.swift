import Synchronization

/// The way a deferred route handler answers later, from any thread.
///
/// The response is handed to the connection's event loop; pipelined requests behind it wait.
/// A promise dropped without an answer sends 500, so a forgotten path cannot hang a client.
public final class ResponsePromise: Sendable {
    private let loop: EventLoop
    private let deliver: @Sendable (HTTPResponse) -> Void
    private let completed = Atomic<Bool>(false)

    init(loop: EventLoop, deliver: @escaping @Sendable (HTTPResponse) -> Void) {
        self.loop = loop
        self.deliver = deliver
    }

    deinit {
        if !completed.load(ordering: .acquiring) {
            let deliver = self.deliver
            let response = HTTPResponse.text("the request handler did not answer\n", status: .internalServerError)
            loop.execute { deliver(response) }
        }
    }

    /// Sends `response`. Only the first call counts; later ones are ignored.
    public func succeed(_ response: HTTPResponse) {
        guard !completed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if loop.inEventLoop {
            deliver(response)
        } else {
            let deliver = self.deliver
            loop.execute { deliver(response) }
        }
    }
}
