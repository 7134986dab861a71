/// One extension offered in `Sec-WebSocket-Extensions` (RFC 6455 §9.1): a name and its
/// parameters in order, e.g. `permessage-deflate; client_max_window_bits; server_max_window_bits=10`.
public struct WebSocketExtensionOffer: Hashable, Sendable {
    /// One `name[=value]` parameter; `value` is nil for a bare name. Quoted values are unquoted.
    public struct Parameter: Hashable, Sendable {
        /// The parameter name, lowercased.
        public var name: String
        /// The value, or nil when the parameter has none.
        public var value: String?

        /// A parameter with the given name and optional value.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The extension token, lowercased.
    public var name: String
    /// The parameters in the order given.
    public var parameters: [Parameter]

    /// Parses every offer in the given header values (repeated headers are one comma list).
    /// Returns nil when the syntax is broken, which fails the whole negotiation: the server
    /// then answers without extensions rather than guessing.
    public static func parseAll<Values: Sequence>(_ headerValues: Values) -> [WebSocketExtensionOffer]?
    where Values.Element == String {
        var offers: [WebSocketExtensionOffer] = []
        for value in headerValues {
            var scanner = ExtensionHeaderScanner(Array(value.utf8))
            guard let parsed = scanner.parseList() else { return nil }
            offers += parsed
        }
        return offers
    }
}

/// A tokenizer for the `Sec-WebSocket-Extensions` grammar: tokens, `;`, `,`, `=` and quoted strings.
private struct ExtensionHeaderScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseList() -> [WebSocketExtensionOffer]? {
        var offers: [WebSocketExtensionOffer] = []
        while true {
            skipWhitespace()
            if index == bytes.count { return offers }
            if bytes[index] == UInt8(ascii: ",") {   // empty list elements are allowed (RFC 7230 §7)
                index += 1
                continue
            }
            guard let name = token() else { return nil }
            var offer = WebSocketExtensionOffer(name: name, parameters: [])
            skipWhitespace()
            while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                index += 1
                skipWhitespace()
                guard let parameterName = token() else { return nil }
                var parameter = WebSocketExtensionOffer.Parameter(name: parameterName, value: nil)
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    skipWhitespace()
                    guard let value = quotedString() ?? token() else { return nil }
                    parameter.value = value
                    skipWhitespace()
                }
                offer.parameters.append(parameter)
            }
            offers.append(offer)
            if index == bytes.count { return offers }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
    }

    private mutating func token() -> String? {
        let start = index
        while index < bytes.count, Self.isTokenCharacter(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
    }

    private mutating func quotedString() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var value: [UInt8] = []
        var cursor = index + 1
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                return String(decoding: value, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                cursor += 1
                guard cursor < bytes.count else { return nil }
            }
            value.append(bytes[cursor])
            cursor += 1
        }
        return nil
    }

    /// RFC 7230 tchar.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
