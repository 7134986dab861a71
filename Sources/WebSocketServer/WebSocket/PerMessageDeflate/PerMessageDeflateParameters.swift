/// The permessage-deflate parameters agreed for one connection (RFC 7692 §7.1).
public struct PerMessageDeflateParameters: Hashable, Sendable {
    /// The server resets its compressor after every message.
    public var serverNoContextTakeover: Bool
    /// The client resets its compressor after every message, so the server's inflater may too.
    public var clientNoContextTakeover: Bool
    /// The window the server compresses with (9–15).
    public var serverMaxWindowBits: Int
    /// The window the client promised to stay within; the server inflates with it.
    public var clientMaxWindowBits: Int
    /// Whether the response states `server_max_window_bits` (only when the client offered it).
    public var announcesServerWindow: Bool
    /// Whether the response states `client_max_window_bits` (only when the client offered it).
    public var announcesClientWindow: Bool

    /// Parameters with explicit values; the announcement flags say what the response carries.
    public init(serverNoContextTakeover: Bool, clientNoContextTakeover: Bool, serverMaxWindowBits: Int,
                clientMaxWindowBits: Int, announcesServerWindow: Bool = false, announcesClientWindow: Bool = false) {
        self.serverNoContextTakeover = serverNoContextTakeover
        self.clientNoContextTakeover = clientNoContextTakeover
        self.serverMaxWindowBits = serverMaxWindowBits
        self.clientMaxWindowBits = clientMaxWindowBits
        self.announcesServerWindow = announcesServerWindow
        self.announcesClientWindow = announcesClientWindow
    }

    /// The `Sec-WebSocket-Extensions` value that accepts the offer with these parameters.
    public var responseHeaderValue: String {
        var value = "permessage-deflate"
        if serverNoContextTakeover { value += "; server_no_context_takeover" }
        if clientNoContextTakeover { value += "; client_no_context_takeover" }
        if announcesServerWindow { value += "; server_max_window_bits=\(serverMaxWindowBits)" }
        if announcesClientWindow { value += "; client_max_window_bits=\(clientMaxWindowBits)" }
        return value
    }
}
