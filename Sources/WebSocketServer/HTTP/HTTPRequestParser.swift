/// A sans-I/O HTTP/1.1 request parser: bytes in, complete requests or one terminal error out.
///
/// Feed it whatever the socket delivered with `append(_:)`, then call `next()` until it returns
/// nil (more bytes needed). Requests come out in order, so pipelining works by calling `next()`
/// again after answering. After a `.failure` the parser is done: the server answers with the
/// error's status and closes, because the framing of anything that follows is unknown.
///
/// Rules (RFC 9112): CRLF line ends (a bare LF is accepted, a bare CR is not), at most four empty
/// lines before the request line, methods and field names are tokens, no whitespace before a
/// field's colon, no obsolete line folding, no control characters in values, exactly one Host in
/// HTTP/1.1, bodies only by Content-Length (Transfer-Encoding is refused: 411 for chunked, 501
/// otherwise, 400 when both are present because that is how requests are smuggled), and
/// `Expect: 100-continue` as the only expectation (417 otherwise).
public struct HTTPRequestParser {
    /// Size limits; exceeding one ends the connection with the listed status.
    public struct Limits: Sendable {
        /// Longest request line, CRLF included (414).
        public var maxRequestLineBytes = 8 * 1024
        /// Most bytes in all header lines together (431).
        public var maxHeaderBytes = 8 * 1024
        /// Most header lines (431).
        public var maxHeaderLines = 100
        /// Largest Content-Length accepted (413).
        public var maxBodyBytes = 1024 * 1024

        public init() {}
    }

    /// What `next()` produced.
    public enum Event: Sendable {
        case request(HTTPRequest)
        case failure(HTTPParseError)
    }

    private enum State {
        case requestLine(emptyLinesSkipped: Int)
        case headers(HTTPRequest, bytes: Int, lines: Int)
        case body(HTTPRequest, remaining: Int)
        case failed
    }

    private enum LineResult {
        case line(Range<Int>)
        case needMore
        case failure(HTTPParseError)
    }

    public let limits: Limits
    private var buffer: [UInt8] = []
    private var position = 0
    private var state = State.requestLine(emptyLinesSkipped: 0)
    /// The request being read sent `Expect: 100-continue` and has not been told to go on yet.
    private var continueDue = false

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether part of a request has arrived and not yet come out of `next()`.
    public var isMidRequest: Bool {
        if position < buffer.count { return true }
        if case .requestLine(0) = state { return false }
        return true
    }

    /// Adds bytes received from the peer.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
        } else if position > 16 * 1024 {
            buffer.removeFirst(position)
            position = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Whether the server should send `100 Continue` now: the request being read asked for it
    /// (`Expect: 100-continue`) and its body is still to come. Reading it clears it.
    public mutating func takeContinueDue() -> Bool {
        defer { continueDue = false }
        if case .body = state { return continueDue }
        return false
    }

    /// Removes and returns the bytes not parsed yet (what follows an upgrade request).
    public mutating func takeUnconsumed() -> [UInt8] {
        defer {
            buffer = []
            position = 0
        }
        return Array(buffer[position...])
    }

    /// The next complete request, the error that ends the connection, or nil when more bytes are needed.
    public mutating func next() -> Event? {
        while true {
            switch state {
            case .failed:
                return nil
            case .requestLine(let skipped):
                switch nextLine(limit: limits.maxRequestLineBytes,
                                tooLong: HTTPParseError(status: .uriTooLong, message: "request line too long")) {
                case .needMore: return nil
                case .failure(let error): return fail(error)
                case .line(let range) where range.isEmpty:
                    guard skipped < 4 else { return fail(.malformed("too many empty lines before the request")) }
                    state = .requestLine(emptyLinesSkipped: skipped + 1)
                case .line(let range):
                    switch parseRequestLine(buffer[range]) {
                    case .success(let request): state = .headers(request, bytes: 0, lines: 0)
                    case .failure(let error): return fail(error, target: Self.target(inRequestLine: buffer[range]))
                    }
                }
            case .headers(var request, let bytes, let lines):
                let tooLarge = HTTPParseError(status: .requestHeaderFieldsTooLarge, message: "header section too large")
                let lineStart = position
                switch nextLine(limit: limits.maxHeaderBytes - bytes, tooLong: tooLarge) {
                case .needMore: return nil
                case .failure(let error): return fail(error)
                case .line(let range) where range.isEmpty:
                    if let event = finishHead(request) { return event }
                case .line(let range):
                    guard lines < limits.maxHeaderLines else {
                        return fail(HTTPParseError(status: .requestHeaderFieldsTooLarge, message: "too many header lines"))
                    }
                    switch parseField(buffer[range]) {
                    case .success(let field):
                        state = .failed  // drop the state's reference so the headers append in place
                        request.headers.add(field.name, field.value)
                        state = .headers(request, bytes: bytes + (position - lineStart), lines: lines + 1)
                    case .failure(let error): return fail(error)
                    }
                }
            case .body(var request, let remaining):
                let available = min(remaining, buffer.count - position)
                guard available > 0 else { return nil }
                state = .failed
                request.body.append(contentsOf: buffer[position..<(position + available)])
                position += available
                if remaining == available {
                    state = .requestLine(emptyLinesSkipped: 0)
                    return .request(request)
                }
                state = .body(request, remaining: remaining - available)
            }
        }
    }

    // MARK: Steps

    /// Ends parsing with `error`, located at `target`, else at what `partialTarget` finds.
    private mutating func fail(_ error: HTTPParseError, target: String? = nil) -> Event {
        var located = error
        located.target = target ?? partialTarget
        state = .failed
        return .failure(located)
    }

    /// The target of the request being read, or as much of it as has arrived; nil before the
    /// method and a space have. An error for this request (a 408, say) answers in its form.
    public var partialTarget: String? {
        switch state {
        case .headers(let request, _, _), .body(let request, _): request.target
        case .requestLine: Self.target(inRequestLine: buffer[position...])
        case .failed: nil
        }
    }

    /// The second word of a request line, whole or cut short, when the line starts with a method
    /// token and a space: enough to tell an API request from a page even in a line too long or
    /// malformed to parse.
    private static func target(inRequestLine line: ArraySlice<UInt8>) -> String? {
        guard let space = line.firstIndex(of: 0x20), space > line.startIndex,
              line[..<space].allSatisfy(isTokenByte) else { return nil }
        let rest = line[(space + 1)...]
        let target = rest[..<(rest.firstIndex { $0 == 0x20 || $0 == 0x0D || $0 == 0x0A } ?? rest.endIndex)]
        return target.isEmpty ? nil : String(decoding: target, as: UTF8.self)
    }

    /// The next line without its line ending; `limit` counts the line ending too.
    private mutating func nextLine(limit: Int, tooLong: HTTPParseError) -> LineResult {
        let end = min(buffer.count, position + max(0, limit))
        guard let newline = buffer[position..<end].firstIndex(of: 0x0A) else {
            return buffer.count - position >= limit ? .failure(tooLong) : .needMore
        }
        var lineEnd = newline
        if lineEnd > position && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        if buffer[position..<lineEnd].contains(0x0D) { return .failure(.malformed("bare CR in the request head")) }
        let range = position..<lineEnd
        position = newline + 1
        return .line(range)
    }

    private func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<HTTPRequest, HTTPParseError> {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(.malformed("request line must be 'METHOD TARGET VERSION'")) }
        let (method, target, version) = (parts[0], parts[1], parts[2])
        guard !method.isEmpty, method.allSatisfy(HTTPRequestParser.isTokenByte) else {
            return .failure(.malformed("invalid method"))
        }
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(.malformed("invalid request target"))
        }
        let targetText = String(decoding: target, as: UTF8.self)
        let methodText = String(decoding: method, as: UTF8.self)
        let isOriginForm = targetText.hasPrefix("/")
        let isAbsoluteForm = targetText.hasPrefix("http://") || targetText.hasPrefix("https://")
        let isAsteriskForm = targetText == "*" && methodText == "OPTIONS"
        guard isOriginForm || isAbsoluteForm || isAsteriskForm else {
            return .failure(.malformed("request target must be a path"))
        }
        let digits = Array(version)
        guard digits.count == 8, digits.starts(with: Array("HTTP/".utf8)), digits[6] == UInt8(ascii: "."),
              let major = HTTPRequestParser.digitValue(digits[5]), let minor = HTTPRequestParser.digitValue(digits[7]) else {
            return .failure(.malformed("invalid HTTP version"))
        }
        guard major == 1 else {
            return .failure(HTTPParseError(status: .httpVersionNotSupported, message: "only HTTP/1.0 and HTTP/1.1 are served"))
        }
        // A later 1.x minor version is compatible with 1.1 (RFC 9110 §2.5).
        let parsedVersion = minor == 0 ? HTTPVersion.http1_0 : HTTPVersion.http1_1
        return .success(HTTPRequest(method: methodText, target: targetText, version: parsedVersion))
    }

    private func parseField(_ line: ArraySlice<UInt8>) -> Result<(name: String, value: String), HTTPParseError> {
        guard let first = line.first, first != 0x20, first != 0x09 else {
            return .failure(.malformed("obsolete line folding is not accepted"))
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(.malformed("header line without a colon"))
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(HTTPRequestParser.isTokenByte) else {
            return .failure(.malformed("invalid header field name"))
        }
        var value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            return .failure(.malformed("control character in a header value"))
        }
        while let head = value.first, head == 0x20 || head == 0x09 { value.removeFirst() }
        while let tail = value.last, tail == 0x20 || tail == 0x09 { value.removeLast() }
        return .success((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }

    /// Validates the complete head; moves to the body or returns the finished request.
    private mutating func finishHead(_ request: HTTPRequest) -> Event? {
        let hosts = request.headers.values("Host")
        if request.version == .http1_1 && hosts.count != 1 {
            return fail(.malformed(hosts.isEmpty ? "HTTP/1.1 requires a Host header" : "more than one Host header"))
        }
        if hosts.count > 1 { return fail(.malformed("more than one Host header")) }

        let contentLengths = request.headers.values("Content-Length")
        let codings = request.headers.tokens("Transfer-Encoding")
        if !request.headers.values("Transfer-Encoding").isEmpty {
            if !contentLengths.isEmpty { return fail(.malformed("both Transfer-Encoding and Content-Length")) }
            if codings.last == "chunked" {
                return fail(HTTPParseError(status: .lengthRequired, message: "chunked request bodies are not accepted; send Content-Length"))
            }
            return fail(HTTPParseError(status: .notImplemented, message: "unsupported Transfer-Encoding"))
        }

        let expectations = request.headers.tokens("Expect")
        guard expectations.allSatisfy({ $0 == "100-continue" }) else {
            return fail(HTTPParseError(status: .expectationFailed, message: "only 'Expect: 100-continue' is understood"))
        }

        var length = 0
        if !contentLengths.isEmpty {
            let values = contentLengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { $0.trimmingHTTPWhitespace() }
            guard let text = values.first, values.allSatisfy({ $0 == text }), !text.isEmpty, text.count <= 18,
                  text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let parsed = Int(text) else {
                return fail(.malformed("invalid Content-Length"))
            }
            guard parsed <= limits.maxBodyBytes else {
                return fail(HTTPParseError(status: .contentTooLarge, message: "request body larger than \(limits.maxBodyBytes) bytes"))
            }
            length = parsed
        }
        if length == 0 {
            state = .requestLine(emptyLinesSkipped: 0)
            return .request(request)
        }
        var withBody = request
        withBody.body.reserveCapacity(length)
        state = .body(withBody, remaining: length)
        continueDue = !expectations.isEmpty && request.version == .http1_1
        return nil
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }

    /// RFC 9110 `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): return true
        default: return false
        }
    }
}
