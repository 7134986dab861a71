/// A piece of alert text: words, or a route bullet written as a token such as `[A]` or `[6X]`.
public enum AlertTextSegment: Hashable, Sendable {
    case text(String)
    case route(String)
}

extension AlertTextSegment {
    /// Splits MTA alert text into text and route tokens.
    ///
    /// A route token is `[`, one to three upper-case ASCII letters or digits, `]` — which covers
    /// every subway route (`[A]`, `[6X]`, `[FS]`, `[SIR]`). Anything else in brackets stays text:
    /// lower case (`[ad]`), spaces or longer words (`[Capital Replacement]`), an empty `[]`, and
    /// a `[` without a closing `]`. Adjacent tokens (`[A][C]`) give adjacent routes; text pieces
    /// next to each other are merged, and no segment is empty.
    public static func segments(of text: String) -> [AlertTextSegment] {
        var segments: [AlertTextSegment] = []
        var literal = Substring()
        var rest = text[...]
        while let open = rest.firstIndex(of: "[") {
            let afterOpen = rest.index(after: open)
            if let route = routeToken(in: rest[afterOpen...]) {
                literal += rest[..<open]
                if !literal.isEmpty { segments.append(.text(String(literal))) }
                literal = Substring()
                segments.append(.route(String(route)))
                rest = rest[rest.index(afterOpen, offsetBy: route.count + 1)...]
            } else {
                literal += rest[...open]
                rest = rest[afterOpen...]
            }
        }
        literal += rest
        if !literal.isEmpty { segments.append(.text(String(literal))) }
        return segments
    }

    /// The route name when `text` starts with one followed by `]`.
    private static func routeToken(in text: Substring) -> Substring? {
        guard let close = text.prefix(4).firstIndex(of: "]") else { return nil }
        let name = text[..<close]
        guard (1...3).contains(name.count), name.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) })
        else { return nil }
        return name
    }
}
