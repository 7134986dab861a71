import Codecs

/// A response body prepared once for many requests: its bytes, a gzipped copy when that is
/// smaller, and a strong entity tag for each, so every request is answered with 304, gzip or
/// the plain bytes without recomputing anything. Static files and generated API documents that
/// do not change while the server runs (such as `/api/routes`) share it.
public struct PreparedDocument: Sendable {
    public let contentType: String
    public let body: [UInt8]
    /// The gzipped body, when compressing this type pays (at least 10 % smaller).
    public let gzippedBody: [UInt8]?
    /// A strong validator of the content; the gzipped representation's is `gzippedEntityTag`.
    public let entityTag: String

    public init(body: [UInt8], contentType: String) {
        self.body = body
        self.contentType = contentType
        entityTag = "\"" + String(FNV1a.hash(body), radix: 16) + "\""
        if MIMEType.isCompressible(contentType), body.count >= 256, let gzipped = Deflater.compressed(body, .gzip),
           gzipped.count < body.count * 9 / 10 {
            gzippedBody = gzipped
        } else {
            gzippedBody = nil
        }
    }

    /// The entity tag of the gzipped representation (a different representation needs another tag).
    public var gzippedEntityTag: String { String(entityTag.dropLast()) + "-gz\"" }

    /// The response to `request`: 304 when its `If-None-Match` names either representation (or, without
    /// `If-None-Match`, when `lastModified` is given and is not after `If-Modified-Since`, RFC 9110 §13.1.3),
    /// else the gzipped body when accepted, else the plain one; `headers` (and `Last-Modified`) are added to each.
    public func response(to request: HTTPRequest, headers extra: HTTPHeaders = HTTPHeaders(),
                         lastModified: Int? = nil) -> HTTPResponse {
        let useGzip = gzippedBody != nil && AcceptEncoding(request.headers).accepts("gzip")
        var headers = HTTPHeaders()
        headers.add("Content-Type", contentType)
        headers.add("ETag", useGzip ? gzippedEntityTag : entityTag)
        for field in extra.fields { headers.add(field.name, field.value) }
        if let lastModified { headers.add("Last-Modified", HTTPDate.format(lastModified)) }
        if gzippedBody != nil { headers.add("Vary", "Accept-Encoding") }

        if let condition = request.headers["If-None-Match"] {
            if Self.matches(condition, tags: [entityTag, gzippedEntityTag]) {
                return HTTPResponse(status: .notModified, headers: headers)
            }
        } else if let lastModified, let since = request.headers["If-Modified-Since"].flatMap(HTTPDate.parse),
                  lastModified <= since {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        if useGzip, let gzippedBody {
            headers.add("Content-Encoding", "gzip")
            return HTTPResponse(status: .ok, headers: headers, body: gzippedBody)
        }
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }

    /// `If-None-Match` by weak comparison (RFC 9110 §13.1.2): `*` or any listed tag, `W/` ignored.
    static func matches(_ condition: String, tags: [String]) -> Bool {
        let listed = condition.split(separator: ",").map { item -> String in
            let trimmed = item.trimmingHTTPWhitespace()
            return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
        }
        return listed.contains("*") || listed.contains { tags.contains($0) }
    }
}
