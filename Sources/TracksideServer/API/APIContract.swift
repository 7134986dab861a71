import Foundation
import TransitData
import WebSocketServer

/// The machine-readable contract, served as the repository keeps it: `GET /api/openapi.json` is
/// `docs/openapi.json` (OpenAPI 3.1, every REST route) and `GET /api/schema/…` the push protocol's JSON
/// Schemas of `docs/schema` (draft 2020-12). The OpenAPI document refers to the schemas as `schema/…`, so
/// its references resolve the same way in a checkout and against the server. Every file is read and
/// prepared (gzip, entity tag) once, at startup.
public struct APIContract: Sendable {
    /// Where the OpenAPI document is served.
    public static let path = "/api/openapi.json"
    /// A schema file larger than this is refused (the largest is a few kilobytes).
    static let fileLimit = 1 << 20
    /// More schema files than this are refused.
    static let fileCountLimit = 256

    let openAPI: PreparedDocument
    /// The schemas by their path below `docs/schema` (`server/hello.json`).
    let schemas: [String: PreparedDocument]

    /// Reads `folder/openapi.json` and `folder/schema/**/*.json` (one folder level deep); each must be a JSON object.
    public init(folder: URL) throws(APIContractError) {
        openAPI = try Self.prepare(folder.appendingPathComponent("openapi.json"), contentType: "application/json")
        let schemaFolder = folder.appendingPathComponent("schema")
        var schemas: [String: PreparedDocument] = [:]
        for name in try Self.schemaNames(in: schemaFolder) {
            schemas[name] = try Self.prepare(schemaFolder.appendingPathComponent(name), contentType: "application/schema+json")
        }
        guard !schemas.isEmpty else { throw APIContractError("no JSON Schemas in \(schemaFolder.path)") }
        self.schemas = schemas
    }

    /// The contract beside the bundled data folder (`docs/` next to `Data/`, as in a checkout or the image).
    public static func bundled(dataFolder: String? = nil) throws -> APIContract {
        let data = try BundledData.locate(explicitPath: dataFolder)
        return try APIContract(folder: data.root.deletingLastPathComponent().appendingPathComponent("docs"))
    }

    /// Adds `/api/openapi.json` and `/api/schema/{file}`, `/api/schema/{folder}/{file}` to `router`.
    public func install(on router: Router) {
        let caching = HTTPHeaders([("Cache-Control", "public, max-age=300")])
        router.get(Self.path) { [openAPI] routed in openAPI.response(to: routed.request, headers: caching) }
        let respond: @Sendable (RoutedRequest, String) -> HTTPResponse = { [schemas] routed, name in
            guard let schema = schemas[name] else { return routed.error(.notFound, "no schema \(name.prefix(100))") }
            return schema.response(to: routed.request, headers: caching)
        }
        router.get("/api/schema/{file}") { routed in respond(routed, routed.parameters["file"] ?? "") }
        router.get("/api/schema/{folder}/{file}") { routed in
            respond(routed, (routed.parameters["folder"] ?? "") + "/" + (routed.parameters["file"] ?? ""))
        }
    }

    /// The `.json` files of `folder` and of its subfolders, as relative paths, sorted.
    static func schemaNames(in folder: URL) throws(APIContractError) -> [String] {
        let files = FileManager.default
        guard let top = try? files.contentsOfDirectory(atPath: folder.path) else {
            throw APIContractError("cannot list \(folder.path)")
        }
        var names: [String] = []
        for entry in top.sorted() where !entry.hasPrefix(".") {
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: folder.appendingPathComponent(entry).path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                let inner = (try? files.contentsOfDirectory(atPath: folder.appendingPathComponent(entry).path)) ?? []
                names += inner.sorted().filter { $0.hasSuffix(".json") }.map { "\(entry)/\($0)" }
            } else if entry.hasSuffix(".json") {
                names.append(entry)
            }
            guard names.count <= fileCountLimit else { throw APIContractError("more than \(fileCountLimit) schemas in \(folder.path)") }
        }
        return names
    }

    /// The file prepared for serving, once checked to be a JSON object of bounded size.
    static func prepare(_ file: URL, contentType: String) throws(APIContractError) -> PreparedDocument {
        guard let bytes = try? Data(contentsOf: file) else { throw APIContractError("cannot read \(file.path)") }
        guard bytes.count <= fileLimit else { throw APIContractError("\(file.path) is over \(fileLimit) bytes") }
        guard (try? JSONSerialization.jsonObject(with: bytes)) is [String: Any] else {
            throw APIContractError("\(file.path) is not a JSON object")
        }
        return PreparedDocument(body: Array(bytes), contentType: contentType)
    }
}

/// Why the contract documents could not be loaded.
public struct APIContractError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
