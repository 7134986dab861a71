import Foundation
import Glibc
import Synchronization

/// Serves the files of one folder (the web client's `Public/`).
///
/// - Paths are resolved segment by segment after percent-decoding; `.`/`..` segments, hidden
///   names, encoded slashes, NUL and backslashes give 404, and the resolved real path (symlinks
///   followed) must stay inside the folder, so nothing outside it can be read.
/// - `/` and directories serve their `index.html`; a directory without its trailing slash is
///   redirected (301) so the page's relative URLs resolve.
/// - Files are read once and cached with a gzipped copy and an entity tag; a change on disk
///   (size, mtime or inode) reloads them. `If-None-Match` → 304; gzip is sent to clients that
///   accept it, with `Vary: Accept-Encoding`.
///
/// Serving runs on the event loop: one `stat` per request, and a read on first use or change.
public final class StaticFiles: Sendable {
    /// The folder's real path (symlinks resolved).
    public let root: String
    /// Files larger than this are not served (they would be read into memory whole).
    public let maxFileSize: Int
    private let cache = Mutex<[String: StaticAsset]>([:])

    /// `HTML` revalidates on every load so a deploy is seen at once; other files are reused a while.
    static let htmlCacheControl = "no-cache"
    static let assetCacheControl = "public, max-age=300"

    /// Serves `directory`; fails when it does not exist or is not a directory.
    public init(directory: String, maxFileSize: Int = 64 * 1024 * 1024) throws {
        guard let resolved = StaticFiles.realPath(directory), StaticFiles.isDirectory(resolved) else {
            throw ServerError.invalidConfiguration("public folder '\(directory)' does not exist or is not a folder")
        }
        root = resolved
        self.maxFileSize = maxFileSize
    }

    /// Answers a GET or HEAD request for a file.
    public func respond(to routed: RoutedRequest) -> HTTPResponse {
        let method = routed.request.method
        guard method == "GET" || method == "HEAD" else {
            var response = routed.error(.methodNotAllowed, "\(method) is not allowed here")
            response.headers.set("Allow", "GET, HEAD")
            return response
        }
        switch resolve(routed.path) {
        case .none:
            return routed.error(.notFound, "no such file")
        case .redirect:
            var location = routed.request.rawPath + "/"
            if let query = routed.request.rawQuery { location += "?" + query }
            var response = HTTPResponse(status: .movedPermanently)
            response.headers.add("Location", String(location))
            return response
        case .file(let path, let stamp):
            guard let asset = asset(at: path, stamp: stamp) else { return routed.error(.notFound, "no such file") }
            return response(for: asset, request: routed.request)
        }
    }

    // MARK: Resolution

    private enum Resolution {
        case file(String, StaticAsset.Stamp)
        case redirect
    }

    private func resolve(_ path: RequestPath) -> Resolution? {
        var segments = path.segments
        let wantsDirectory = path.hasTrailingSlash
        if wantsDirectory { segments.removeLast() }
        for segment in segments {
            guard StaticFiles.isSafeSegment(segment) else { return nil }
        }
        var candidate = segments.isEmpty ? root : root + "/" + segments.joined(separator: "/")
        guard var info = StaticFiles.status(candidate) else { return nil }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard wantsDirectory else { return .redirect }
            candidate += "/index.html"
            guard let indexInfo = StaticFiles.status(candidate) else { return nil }
            info = indexInfo
        } else if wantsDirectory {
            return nil
        }
        guard info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= maxFileSize else { return nil }
        let stamp = StaticAsset.Stamp(size: Int(info.st_size), modifiedSeconds: info.st_mtim.tv_sec,
                                      modifiedNanoseconds: info.st_mtim.tv_nsec, inode: UInt64(info.st_ino))
        return .file(candidate, stamp)
    }

    /// A segment that names an entry inside its directory and nothing else.
    static func isSafeSegment(_ segment: String) -> Bool {
        guard let first = segment.utf8.first, first != UInt8(ascii: ".") else { return false }
        return !segment.utf8.contains { byte in
            byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
        }
    }

    /// The cached asset for `path` while its stamp is unchanged; otherwise the file is checked to
    /// resolve (symlinks followed) inside the root, then read. The containment check runs on every
    /// load, so a symlink swapped in later changes the stamp and is checked again.
    private func asset(at path: String, stamp: StaticAsset.Stamp) -> StaticAsset? {
        if let cached = cache.withLock({ $0[path] }), cached.stamp == stamp { return cached }
        guard let real = StaticFiles.realPath(path), real.hasPrefix(root + "/"),
              let data = FileManager.default.contents(atPath: real), data.count == stamp.size else { return nil }
        let asset = StaticAsset(body: [UInt8](data), fileName: path, stamp: stamp)
        cache.withLock { $0[path] = asset }
        return asset
    }

    // MARK: Response

    private func response(for asset: StaticAsset, request: HTTPRequest) -> HTTPResponse {
        let isHTML = asset.document.contentType.hasPrefix("text/html")
        return asset.document.response(to: request, headers: HTTPHeaders([
            ("Last-Modified", asset.lastModified),
            ("Cache-Control", isHTML ? StaticFiles.htmlCacheControl : StaticFiles.assetCacheControl),
        ]))
    }

    // MARK: File system

    private static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    private static func isDirectory(_ path: String) -> Bool {
        status(path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(validatingCString: resolved)
    }
}
