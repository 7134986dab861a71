import Foundation

/// A header sent with every fetch of an agency's live feeds (`--feed-header "x-api-key: KEY"`), for
/// publishers that want a key in a header rather than in the URL.
///
/// Written `Name: value`. The name is an RFC 9110 token; the value is visible ASCII with inner
/// spaces or tabs, so no CR or LF can smuggle a second header or a second request. Headers the
/// fetch sets itself (the validators, `Host`) or that describe the connection are refused: a
/// deployment cannot break conditional GET or framing by accident. The value is a secret: it is
/// never logged or shown, and `description` masks it.
public struct FeedRequestHeader: Equatable, Sendable {
    public let name: String
    public let value: String

    /// Longest `Name: value` accepted (keys and tokens are far shorter; publishers refuse
    /// header blocks of a few KiB).
    public static let maximumLength = 4096

    /// Names the fetch owns or that frame the connection, lowercased.
    static let reservedNames: Set<String> = [
        "host", "if-none-match", "if-modified-since", "content-length", "transfer-encoding", "connection",
        "upgrade", "te", "trailer", "keep-alive", "proxy-connection", "accept-encoding",
    ]

    /// Parses `Name: value`, or nil when it is not a header the fetch may send.
    public init?(parsing text: String) {
        guard text.utf8.count <= Self.maximumLength, let colon = text.firstIndex(of: ":") else { return nil }
        let name = String(text[..<colon])
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte), !value.isEmpty,
              value.utf8.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) }),
              !Self.reservedNames.contains(name.lowercased()) else { return nil }
        self.name = name
        self.value = value
    }

    /// RFC 9110 §5.6.2 tchar.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

extension FeedRequestHeader: CustomStringConvertible {
    /// The name with its value masked, for logs and errors.
    public var description: String { "\(name): ••••" }
}
