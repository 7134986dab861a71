/// What an upgrade route decides for a request (e.g. a WebSocket handshake).
public enum UpgradeDecision {
    /// Refuse with this response (400, 403, 426 …); the connection stays HTTP.
    case reject(HTTPResponse)
    /// Answer `101 Switching Protocols` with `headers` and hand the connection to `handler`,
    /// together with any bytes the client sent after the request.
    case accept(headers: HTTPHeaders, handler: any ConnectionHandler)
}
