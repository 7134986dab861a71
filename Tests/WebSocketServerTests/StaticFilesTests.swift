import Foundation
import Testing
import TransitData
@testable import WebSocketServer

/// A temporary public folder with a page, a script, a subfolder, a hidden file and symlinks.
private final class PublicFolder {
    let root: URL
    let outside: URL
    let script = String(repeating: "console.log('trackside');\n", count: 200)

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)")
        root = base.appendingPathComponent("Public")
        outside = base.appendingPathComponent("secret.txt")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("<!doctype html><title>home</title>".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data(script.utf8).write(to: root.appendingPathComponent("app.js"))
        try Data("<p>sub</p>".utf8).write(to: root.appendingPathComponent("sub/index.html"))
        try Data("hidden".utf8).write(to: root.appendingPathComponent(".env"))
        try Data("secret".utf8).write(to: outside)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("leak.txt").path, withDestinationPath: outside.path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("alias.js").path, withDestinationPath: "app.js")
    }

    deinit {
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    func get(_ target: String, method: String = "GET", headers: [(String, String)] = []) throws -> HTTPResponse {
        let files = try StaticFiles(directory: root.path)
        let router = Router()
        router.setFallback { files.respond(to: $0) }
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders([("Host", "h")] + headers))
        switch router.resolve(request, remoteAddress: "") {
        case .response(let response): return response
        case .respond(.immediate(let handler), let routed): return handler(routed)
        case .respond: throw CocoaError(.featureUnsupported)
        }
    }
}

@Suite struct StaticFilesTests {
    @Test func rootAndDirectoriesServeIndexHTML() throws {
        let folder = try PublicFolder()
        let home = try folder.get("/")
        #expect(home.status == .ok)
        #expect(String(decoding: home.body, as: UTF8.self).contains("home"))
        #expect(home.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(home.headers["Cache-Control"] == "no-cache")
        #expect(String(decoding: try folder.get("/sub/").body, as: UTF8.self) == "<p>sub</p>")
        let redirect = try folder.get("/sub?x=1")
        #expect(redirect.status == .movedPermanently)
        #expect(redirect.headers["Location"] == "/sub/?x=1")
        #expect(try folder.get("/app.js/").status == .notFound)
    }

    @Test func mimeTypesAndCaching() throws {
        let folder = try PublicFolder()
        let script = try folder.get("/app.js")
        #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(script.headers["Cache-Control"] == "public, max-age=300")
        #expect(script.headers["Vary"] == "Accept-Encoding")
        #expect(script.body == Array(folder.script.utf8))
        #expect(MIMEType.forFile("a.GEOJSON") == "application/geo+json")
        #expect(MIMEType.forFile("font.woff2") == "font/woff2")
        #expect(MIMEType.forFile("noextension") == "application/octet-stream")
    }

    @Test func gzipWhenAcceptedAndItDecompressesToTheFile() throws {
        let folder = try PublicFolder()
        let gzipped = try folder.get("/app.js", headers: [("Accept-Encoding", "br, gzip;q=0.8")])
        #expect(gzipped.headers["Content-Encoding"] == "gzip")
        #expect(gzipped.body.count < folder.script.utf8.count / 10)
        let inflated = [UInt8](try Inflate.decompress(Data(gzipped.body), format: .gzip))
        #expect(inflated == Array(folder.script.utf8))
        #expect(try folder.get("/app.js", headers: [("Accept-Encoding", "gzip;q=0")]).headers["Content-Encoding"] == nil)
        #expect(try folder.get("/app.js", headers: [("Accept-Encoding", "*")]).headers["Content-Encoding"] == "gzip")
        #expect(try folder.get("/app.js").headers["Content-Encoding"] == nil)
        #expect(gzipped.headers["ETag"] != (try folder.get("/app.js").headers["ETag"]))
    }

    @Test func ifNoneMatchGives304() throws {
        let folder = try PublicFolder()
        let first = try folder.get("/app.js")
        let tag = try #require(first.headers["ETag"])
        let again = try folder.get("/app.js", headers: [("If-None-Match", "\"other\", W/\(tag)")])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        #expect(again.headers["ETag"] == tag)
        #expect(try folder.get("/app.js", headers: [("If-None-Match", "*")]).status == .notModified)
        #expect(try folder.get("/app.js", headers: [("If-None-Match", "\"stale\"")]).status == .ok)
    }

    @Test func changedFilesAreReloaded() throws {
        let folder = try PublicFolder()
        let before = try folder.get("/sub/index.html")
        try Data("<p>changed, longer</p>".utf8).write(to: folder.root.appendingPathComponent("sub/index.html"))
        let after = try folder.get("/sub/index.html")
        #expect(String(decoding: after.body, as: UTF8.self) == "<p>changed, longer</p>")
        #expect(before.headers["ETag"] != after.headers["ETag"])
    }

    @Test(arguments: [
        "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/sub/%2e%2e/%2e%2e/secret.txt",
        "/sub%2f..%2f..%2fsecret.txt", "/..%2fsecret.txt", "/.env", "/%2eenv", "/leak.txt", "/app.js%00.html",
        "/sub/..", "/./index.html", "//index.html", "/sub\\..\\index.html", "/missing.js",
    ])
    func traversalAndHiddenFilesAre404(target: String) throws {
        let folder = try PublicFolder()
        let response = try folder.get(target)
        #expect(response.status == .notFound || response.status == .badRequest, "\(target)")
        #expect(!String(decoding: response.body, as: UTF8.self).contains("secret"))
        #expect(!String(decoding: response.body, as: UTF8.self).contains("hidden"))
    }

    @Test func symlinksInsideTheRootAreServed() throws {
        let folder = try PublicFolder()
        #expect(try folder.get("/alias.js").body == Array(folder.script.utf8))
    }

    @Test func onlyGetAndHead() throws {
        let folder = try PublicFolder()
        let response = try folder.get("/app.js", method: "POST")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD")
    }

    @Test func missingFolderIsAnError() {
        #expect(throws: ServerError.self) { try StaticFiles(directory: "/nonexistent-trackside-folder") }
    }
}
