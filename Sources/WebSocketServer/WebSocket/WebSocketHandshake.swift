import Foundation

/// The server's opening handshake (RFC 6455 §4.2): validates an upgrade request and
/// computes the 101 response, or says which error status to answer with.
public enum WebSocketHandshake {
    /// The GUID RFC 6455 §1.3 appends to the client's key.
    public static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// A successful handshake: what to send with the 101 and what was negotiated.
    public struct Acceptance: Sendable {
        /// Headers of the `101 Switching Protocols` response.
        public var headers: HTTPHeaders
        /// The agreed permessage-deflate parameters, or nil for none.
        public var compression: PerMessageDeflateParameters?
        /// The chosen subprotocol, or nil for none.
        public var subprotocol: String?
    }

    /// A refused handshake: an HTTP error response.
    public struct Rejection: Error, Sendable, Equatable {
        /// The status (400, 403, 405 or 426).
        public var status: HTTPStatus
        /// Extra headers the status calls for (`Sec-WebSocket-Version`, `Upgrade`, `Allow`).
        public var headers: [String: String]
        /// A one-line explanation for the response body and the log.
        public var message: String

        /// The plain-text error response carrying the status and headers.
        public var response: HTTPResponse {
            var response = HTTPResponse.error(status, code: HTTPResponse.errorCode(for: status), message: message,
                                              json: false)
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                response.headers.set(name, value)
            }
            return response
        }
    }

    /// Validates `request` against RFC 6455 §4.2.1 and the configuration.
    public static func accept(_ request: HTTPRequest,
                              configuration: WebSocketConfiguration) -> Result<Acceptance, Rejection> {
        let headers = request.headers
        // HEAD is checked like GET (RFC 9110 §9.3.2: the same answer without the content), so
        // `HEAD` without an upgrade gets GET's 426; only a HEAD that GET would upgrade gets 405.
        guard request.method == "GET" || request.method == "HEAD" else {
            return .failure(onlyGet)
        }
        guard request.version.major > 1 || (request.version.major == 1 && request.version.minor >= 1) else {
            return .failure(Rejection(status: .badRequest, headers: [:], message: "WebSocket requires HTTP/1.1"))
        }
        guard headers["Host"] != nil else {
            return .failure(Rejection(status: .badRequest, headers: [:], message: "missing Host header"))
        }
        let upgradeRequired = ["Upgrade": "websocket", "Connection": "Upgrade"]
        guard headers.contains("Upgrade", token: "websocket") else {
            return .failure(Rejection(status: .upgradeRequired, headers: upgradeRequired,
                                      message: "expected Upgrade: websocket"))
        }
        guard headers.contains("Connection", token: "upgrade") else {
            return .failure(Rejection(status: .upgradeRequired, headers: upgradeRequired,
                                      message: "expected Connection: Upgrade"))
        }
        guard headers.tokens("Sec-WebSocket-Version") == ["13"] else {
            return .failure(Rejection(status: .upgradeRequired, headers: ["Sec-WebSocket-Version": "13"],
                                      message: "unsupported WebSocket version; this server speaks 13"))
        }
        let keys = headers.values("Sec-WebSocket-Key")
        guard keys.count == 1, let key = keys.first?.trimmingHTTPWhitespace(), isValidKey(key) else {
            return .failure(Rejection(status: .badRequest, headers: [:],
                                      message: "Sec-WebSocket-Key must be the base64 form of 16 bytes"))
        }
        if let allowed = configuration.allowedOrigins {
            let origin = headers["Origin"]?.lowercased()
            guard let origin, allowed.contains(where: { $0.lowercased() == origin }) else {
                return .failure(Rejection(status: .forbidden, headers: [:], message: "origin not allowed"))
            }
        }

        // A HEAD cannot switch protocols: the handshake is GET's alone (RFC 6455 §4.1).
        guard request.method == "GET" else { return .failure(onlyGet) }
        var response = HTTPHeaders([("Upgrade", "websocket"), ("Connection", "Upgrade"),
                                    ("Sec-WebSocket-Accept", acceptValue(forKey: key))])
        // Subprotocol names are case-sensitive tokens, so they are split but not lowercased.
        let offeredProtocols = headers.values("Sec-WebSocket-Protocol")
            .flatMap { $0.split(separator: ",") }.map { $0.trimmingHTTPWhitespace() }.filter { !$0.isEmpty }
        var subprotocol: String?
        if !offeredProtocols.isEmpty, let chosen = configuration.selectSubprotocol(offeredProtocols),
           offeredProtocols.contains(chosen) {
            subprotocol = chosen
            response.add("Sec-WebSocket-Protocol", chosen)
        }
        let offers = WebSocketExtensionOffer.parseAll(headers.values("Sec-WebSocket-Extensions")) ?? []
        let compression = PerMessageDeflateNegotiation.negotiate(offers: offers, configuration: configuration.compression)
        if let compression {
            response.add("Sec-WebSocket-Extensions", compression.responseHeaderValue)
        }
        return .success(Acceptance(headers: response, compression: compression, subprotocol: subprotocol))
    }

    private static let onlyGet = Rejection(status: .methodNotAllowed, headers: ["Allow": "GET"],
                                           message: "WebSocket handshakes use GET")

    /// `Sec-WebSocket-Accept` for a client key: base64(SHA-1(key + GUID)) (RFC 6455 §4.2.2).
    public static func acceptValue(forKey key: String) -> String {
        Data(SHA1.hash(Array((key + guid).utf8))).base64EncodedString()
    }

    /// A key is 24 characters of base64 that decode to exactly 16 bytes (RFC 6455 §4.1).
    private static func isValidKey(_ key: String) -> Bool {
        key.utf8.count == 24 && Data(base64Encoded: key)?.count == 16
    }
}
