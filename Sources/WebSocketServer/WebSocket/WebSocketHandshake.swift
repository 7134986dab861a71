import Foundation

/// The server's opening handshake (RFC 6455 §4.2): validates an upgrade request and
/// computes the 101 response, or says which error status to answer with.
public enum WebSocketHandshake {
    /// The GUID RFC 6455 §1.3 appends to the client's key.
    public static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The parts of an HTTP request the handshake looks at.
    public struct Request: Sendable {
        /// The request method, e.g. `GET`.
        public var method: String
        /// The HTTP version as (major, minor).
        public var version: (major: Int, minor: Int)
        /// The header fields in order; names compare case-insensitively.
        public var headers: [(name: String, value: String)]

        /// A request with the given parts.
        public init(method: String, version: (major: Int, minor: Int), headers: [(name: String, value: String)]) {
            self.method = method
            self.version = version
            self.headers = headers
        }

        /// Every value of the header `name`, in order.
        public func values(_ name: String) -> [String] {
            headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
        }

        /// The comma-separated elements of every `name` header, trimmed, empty ones dropped.
        public func listElements(_ name: String) -> [String] {
            values(name).flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
    }

    /// A successful handshake: what to send with the 101 and what was negotiated.
    public struct Acceptance: Sendable {
        /// Headers of the `101 Switching Protocols` response.
        public var headers: [(name: String, value: String)]
        /// The agreed permessage-deflate parameters, or nil for none.
        public var compression: PerMessageDeflateParameters?
        /// The chosen subprotocol, or nil for none.
        public var subprotocol: String?
    }

    /// A refused handshake: an HTTP error response.
    public struct Rejection: Error, Sendable, Equatable {
        /// The status code (400, 403, 405 or 426).
        public var status: Int
        /// Extra headers the status calls for (`Sec-WebSocket-Version`, `Upgrade`, `Allow`).
        public var headers: [String: String]
        /// A one-line explanation for the response body and the log.
        public var message: String
    }

    /// Validates `request` against RFC 6455 §4.2.1 and the configuration.
    public static func accept(_ request: Request,
                              configuration: WebSocketConfiguration) -> Result<Acceptance, Rejection> {
        guard request.method == "GET" else {
            return .failure(Rejection(status: 405, headers: ["Allow": "GET"], message: "WebSocket handshakes use GET"))
        }
        guard request.version.major > 1 || (request.version.major == 1 && request.version.minor >= 1) else {
            return .failure(Rejection(status: 400, headers: [:], message: "WebSocket requires HTTP/1.1"))
        }
        guard !request.values("Host").isEmpty else {
            return .failure(Rejection(status: 400, headers: [:], message: "missing Host header"))
        }
        let upgradeRequired = ["Upgrade": "websocket", "Connection": "Upgrade"]
        guard request.listElements("Upgrade").contains(where: { $0.lowercased() == "websocket" }) else {
            return .failure(Rejection(status: 426, headers: upgradeRequired, message: "expected Upgrade: websocket"))
        }
        guard request.listElements("Connection").contains(where: { $0.lowercased() == "upgrade" }) else {
            return .failure(Rejection(status: 426, headers: upgradeRequired, message: "expected Connection: Upgrade"))
        }
        guard request.listElements("Sec-WebSocket-Version") == ["13"] else {
            return .failure(Rejection(status: 426, headers: ["Sec-WebSocket-Version": "13"],
                                      message: "unsupported WebSocket version; this server speaks 13"))
        }
        let keys = request.values("Sec-WebSocket-Key")
        guard keys.count == 1, let key = keys.first.map({ $0.trimmingCharacters(in: .whitespaces) }),
              isValidKey(key) else {
            return .failure(Rejection(status: 400, headers: [:],
                                      message: "Sec-WebSocket-Key must be the base64 form of 16 bytes"))
        }
        if let allowed = configuration.allowedOrigins {
            let origin = request.values("Origin").first?.lowercased()
            guard let origin, allowed.contains(where: { $0.lowercased() == origin }) else {
                return .failure(Rejection(status: 403, headers: [:], message: "origin not allowed"))
            }
        }

        var headers: [(name: String, value: String)] = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", acceptValue(forKey: key)),
        ]
        let offeredProtocols = request.listElements("Sec-WebSocket-Protocol")
        var subprotocol: String?
        if !offeredProtocols.isEmpty, let chosen = configuration.selectSubprotocol(offeredProtocols),
           offeredProtocols.contains(chosen) {
            subprotocol = chosen
            headers.append(("Sec-WebSocket-Protocol", chosen))
        }
        let offers = WebSocketExtensionOffer.parseAll(request.values("Sec-WebSocket-Extensions")) ?? []
        let compression = PerMessageDeflateNegotiation.negotiate(offers: offers, configuration: configuration.compression)
        if let compression {
            headers.append(("Sec-WebSocket-Extensions", compression.responseHeaderValue))
        }
        return .success(Acceptance(headers: headers, compression: compression, subprotocol: subprotocol))
    }

    /// `Sec-WebSocket-Accept` for a client key: base64(SHA-1(key + GUID)) (RFC 6455 §4.2.2).
    public static func acceptValue(forKey key: String) -> String {
        Data(SHA1.hash(Array((key + guid).utf8))).base64EncodedString()
    }

    /// A key is 24 characters of base64 that decode to exactly 16 bytes (RFC 6455 §4.1).
    private static func isValidKey(_ key: String) -> Bool {
        key.utf8.count == 24 && Data(base64Encoded: key)?.count == 16
    }
}
