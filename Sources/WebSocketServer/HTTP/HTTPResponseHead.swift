/// Serialises a response's status line and headers, adding the fields every response needs.
enum HTTPResponseHead {
    /// The head bytes for `response`, answering a request of `version`.
    /// - Parameters:
    ///   - keepAlive: whether the connection stays open; adds `Connection: close` (or
    ///     `keep-alive` for an HTTP/1.0 client that asked for it).
    static func encode(_ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status.code) \(response.status.reason)\r\n"
        text.reserveCapacity(256)
        for field in response.headers.fields {
            text += field.name
            text += ": "
            // A value with a line break would let its author inject headers or a second response.
            let hasLineBreak = field.value.utf8.contains { $0 == 0x0A || $0 == 0x0D }
            text += hasLineBreak ? field.value.filter { !$0.isNewline } : field.value
            text += "\r\n"
        }
        let status = response.status
        // Interim (1xx) responses carry only their own fields.
        let isInterim = status.code < 200
        if !isInterim {
            if response.headers["Date"] == nil { text += "Date: \(HTTPDate.now())\r\n" }
            if response.headers["Server"] == nil { text += "Server: trackside\r\n" }
        }
        if !status.forbidsBody && response.headers["Content-Length"] == nil {
            text += "Content-Length: \(response.body.count)\r\n"
        }
        if !isInterim {
            if !keepAlive {
                text += "Connection: close\r\n"
            } else if version == .http1_0 {
                text += "Connection: keep-alive\r\n"
            }
        }
        text += "\r\n"
        return Array(text.utf8)
    }
}
