/// Chooses a permessage-deflate configuration from a client's offers (RFC 7692 §5, §7.1).
///
/// Offers are tried in the client's order of preference; the first one the server can honour
/// wins. An offer with an unknown, repeated or malformed parameter is declined (RFC 7692 §7.1:
/// "the server MUST decline"), and so is `server_max_window_bits=8`, because zlib refuses a raw
/// compressor with an 8-bit window. Declining every offer means no compression, not a failed
/// handshake.
public enum PerMessageDeflateNegotiation {
    /// The extension token this negotiation answers.
    public static let extensionName = "permessage-deflate"

    /// The accepted parameters, or nil when no offer is acceptable (or compression is disabled).
    public static func negotiate(offers: [WebSocketExtensionOffer],
                                 configuration: PerMessageDeflateConfiguration?) -> PerMessageDeflateParameters? {
        guard let configuration else { return nil }
        for offer in offers where offer.name == extensionName {
            if let accepted = accept(offer, configuration: configuration) {
                return accepted
            }
        }
        return nil
    }

    private static func accept(_ offer: WebSocketExtensionOffer,
                               configuration: PerMessageDeflateConfiguration) -> PerMessageDeflateParameters? {
        var seen: Set<String> = []
        var serverNoContextTakeover = false
        var clientNoContextTakeover = false
        var requestedServerBits: Int?
        var clientWindowOffered = false
        var offeredClientBits: Int?
        for parameter in offer.parameters {
            guard seen.insert(parameter.name).inserted else { return nil }
            switch parameter.name {
            case "server_no_context_takeover":
                guard parameter.value == nil else { return nil }
                serverNoContextTakeover = true
            case "client_no_context_takeover":
                guard parameter.value == nil else { return nil }
                clientNoContextTakeover = true
            case "server_max_window_bits":
                // zlib cannot compress raw deflate with an 8-bit window: decline rather than lie.
                guard let bits = windowBits(parameter.value), bits >= 9 else { return nil }
                requestedServerBits = bits
            case "client_max_window_bits":
                clientWindowOffered = true
                if let value = parameter.value {
                    guard let bits = windowBits(value) else { return nil }
                    offeredClientBits = bits
                }
            default:
                return nil
            }
        }
        // A client that offers no client_max_window_bits may use a 15-bit window, and the
        // response must not mention the parameter (RFC 7692 §7.1.2.2).
        let clientBits = clientWindowOffered
            ? min(offeredClientBits ?? 15, configuration.clientMaxWindowBits) : 15
        return PerMessageDeflateParameters(
            serverNoContextTakeover: serverNoContextTakeover || !configuration.serverContextTakeover,
            clientNoContextTakeover: clientNoContextTakeover || !configuration.clientContextTakeover,
            serverMaxWindowBits: min(requestedServerBits ?? 15, configuration.serverMaxWindowBits),
            clientMaxWindowBits: clientBits,
            announcesServerWindow: requestedServerBits != nil,
            announcesClientWindow: clientWindowOffered)
    }

    /// A window size parameter value: 8–15 in decimal, no sign, no leading zero.
    private static func windowBits(_ value: String?) -> Int? {
        guard let value, let first = value.first, first != "0", value.allSatisfy({ $0.isASCIIDigit }),
              let bits = Int(value), (8...15).contains(bits) else { return nil }
        return bits
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
