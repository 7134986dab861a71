/// A close status code (RFC 6455 §7.4).
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable {
    /// The 16-bit code as sent on the wire.
    public let rawValue: UInt16

    /// A code with the given wire value (not necessarily one a peer may send).
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection is fulfilled.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the server is shutting down, or the client stopped responding.
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: the peer broke the framing protocol.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: a data type the endpoint cannot accept.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: reported locally when a close frame carried no code; never sent.
    public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
    /// 1006: reported locally when the TCP connection ended without a close frame; never sent.
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a text message (or close reason) was not valid UTF-8, or compressed data was corrupt.
    public static let invalidFramePayloadData = WebSocketCloseCode(rawValue: 1007)
    /// 1008: the peer violated a policy (here: it stopped reading and its output backed up).
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message exceeded the size limit, before or after decompression.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1011: the server hit an unexpected condition.
    public static let internalError = WebSocketCloseCode(rawValue: 1011)

    /// Whether a peer may put this code in a close frame: 1000–1003, 1007–1011 and the
    /// registered/private ranges 3000–4999. Anything else in a received close frame is a
    /// protocol error (1002).
    public var isValidOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1011, 3000...4999: true
        default: false
        }
    }
}

extension WebSocketCloseCode: CustomStringConvertible {
    public var description: String { String(rawValue) }
}
