/// The sites allowed to show a page inside a frame: the source list of a Content-Security-Policy
/// `frame-ancestors` directive (CSP Level 3, §6.4.2), checked so that an operator's option can never
/// break the header (a `;` would start another directive, a `,` another policy).
///
/// Accepted sources: `*`, `'self'`, `'none'` (alone), a scheme (`https:`) or a host with optional scheme,
/// port and path (`https://*.example.com:8443/lobby`).
public struct FrameAncestors: Sendable, Equatable {
    /// The sources in the order given, as sent.
    public let sources: [String]

    /// Any site may frame the page.
    public static let anySite = FrameAncestors(checked: ["*"])
    /// Only pages of the server's own origin may frame it.
    public static let sameOrigin = FrameAncestors(checked: ["'self'"])

    private init(checked sources: [String]) {
        self.sources = sources
    }

    /// Parses a space-separated source list, e.g. `'self' https://lobby.example`.
    public init(parsing text: String) throws(TracksideConfiguration.ConfigurationError) {
        let sources = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !sources.isEmpty else {
            throw TracksideConfiguration.ConfigurationError(description: "empty; use 'none' to forbid framing")
        }
        // Unquoted, these are valid host names, but a shell ate the quotes: refuse rather than allow a host "self".
        if let keyword = sources.first(where: { ["self", "none"].contains($0.lowercased()) }) {
            throw TracksideConfiguration.ConfigurationError(description: "'\(keyword)' needs its single quotes (quote the whole list in the shell: \"'self'\")")
        }
        for source in sources where !Self.isValidSource(source) {
            throw TracksideConfiguration.ConfigurationError(
                description: "'\(source)' is not a CSP source (expected *, 'self', 'none', a scheme like https: or a host like https://example.com; separate sources with spaces)")
        }
        if sources.count > 1 && sources.contains("'none'") {
            throw TracksideConfiguration.ConfigurationError(description: "'none' cannot be combined with other sources")
        }
        self.sources = sources
    }

    /// The value of the `Content-Security-Policy` header.
    public var headerValue: String { "frame-ancestors " + sources.joined(separator: " ") }

    // MARK: Grammar (CSP Level 3, §2.3.1 source lists)

    static func isValidSource(_ source: String) -> Bool {
        if ["*", "'self'", "'none'"].contains(source) { return true }
        let bytes = Array(source.utf8)
        if bytes.last == UInt8(ascii: ":") { return isScheme(bytes.dropLast()) }
        return isHostSource(bytes[...])
    }

    /// `[ scheme "://" ] host-part [ ":" port-part ] [ path-part ]`
    private static func isHostSource(_ source: ArraySlice<UInt8>) -> Bool {
        var rest = source
        if let separator = rest.firstRange(of: Array("://".utf8)) {
            guard isScheme(rest[..<separator.lowerBound]) else { return false }
            rest = rest[separator.upperBound...]
        }
        let pathStart = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        let path = rest[pathStart...]
        var authority = rest[..<pathStart]
        if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
            let port = authority[(colon + 1)...]
            guard port.elementsEqual("*".utf8) || (!port.isEmpty && port.allSatisfy(isDigit)) else { return false }
            authority = authority[..<colon]
        }
        return isHost(authority) && path.allSatisfy(isPathByte)
    }

    /// `"*" / [ "*." ] 1*host-char *( "." 1*host-char ) [ "." ]`
    private static func isHost(_ host: ArraySlice<UInt8>) -> Bool {
        if host.elementsEqual("*".utf8) { return true }
        var name = host
        if name.starts(with: "*.".utf8) { name = name.dropFirst(2) }
        if name.last == UInt8(ascii: ".") { name = name.dropLast() }
        let labels = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return !labels.isEmpty && labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
    private static func isScheme(_ scheme: ArraySlice<UInt8>) -> Bool {
        guard let first = scheme.first, isLetter(first) else { return false }
        return scheme.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// RFC 3986 path characters, without the `;` and `,` that would end the directive or the policy.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || "-._~!$&'()*+=:@/%".utf8.contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
