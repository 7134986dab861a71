/// Content types for the files the web client ships, by file extension.
enum MIMEType {
    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "geojson": "application/geo+json",
        "webmanifest": "application/manifest+json",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "xml": "application/xml",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "ico": "image/vnd.microsoft.icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pbf": "application/x-protobuf",
        "wasm": "application/wasm",
    ]

    /// The type for `fileName`; `application/octet-stream` when the extension is unknown.
    static func forFile(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: ".") else { return "application/octet-stream" }
        return byExtension[fileName[fileName.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// Whether gzip is worth trying: text formats compress well, images and fonts already are compressed.
    static func isCompressible(_ type: String) -> Bool {
        type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("application/geo+json")
            || type.hasPrefix("application/manifest+json") || type.hasPrefix("application/xml")
            || type.hasPrefix("image/svg+xml") || type == "application/x-protobuf" || type == "application/wasm"
    }
}
