extension Router {
    /// An echo endpoint for conformance runs (Autobahn) and smoke tests: every text message comes
    /// back as text, every binary message as binary. `trackside serve --enable-echo` mounts it
    /// at `/echo`; it is off by default because it lets any client make the server do work.
    public func webSocketEcho(_ pattern: String, configuration: WebSocketConfiguration,
                              counters: WebSocketCounters = WebSocketCounters()) {
        webSocket(pattern, configuration: configuration, counters: counters) { session in
            session.onMessage = { [weak session] message in
                switch message {
                case .text(let text): session?.send(text: text)
                case .binary(let bytes): session?.send(binary: bytes)
                }
            }
        }
    }
}
