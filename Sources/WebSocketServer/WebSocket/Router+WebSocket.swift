extension Router {
    /// Serves WebSockets on `pattern`: validates the handshake (RFC 6455 §4.2, answering 400,
    /// 403, 405 or 426 when it fails), negotiates permessage-deflate and the subprotocol, and
    /// calls `onOpen` on the connection's loop with the new session, before any message is read.
    public func webSocket(_ pattern: String, configuration: WebSocketConfiguration = WebSocketConfiguration(),
                          counters: WebSocketCounters = WebSocketCounters(),
                          onOpen: @escaping @Sendable (WebSocketSession) -> Void) {
        upgrade(pattern) { routed in
            switch WebSocketHandshake.accept(routed.request, configuration: configuration) {
            case .failure(let rejection):
                return .reject(rejection.response)
            case .success(let acceptance):
                let handler = WebSocketConnectionHandler(request: routed, acceptance: acceptance,
                                                         configuration: configuration, counters: counters,
                                                         onOpen: onOpen)
                return .accept(headers: acceptance.headers, handler: handler)
            }
        }
    }
}
