import Foundation

/// Decodes MTA Bus Time SIRI responses: VehicleMonitoring, StopMonitoring and
/// SituationExchange, as JSON (Bus Time API v1 and v2 shapes) or XML, optionally gzipped.
///
/// The document is parsed by Foundation (`JSONSerialization`, `XMLParser`) and then read
/// member by member with type checks. Failures of the document as a whole (not JSON or XML,
/// truncated, not SIRI, too large) throw a ``SIRIDecodingError``; failures of one entry skip
/// that entry (``SIRIServiceDelivery/skipped``).
public enum SIRIDecoder {
    /// The syntax of a SIRI document.
    public enum Syntax: String, Sendable {
        case json, xml
    }

    /// The largest document accepted after decompression; an all-lines snapshot is ~2.5 MB.
    public static let maximumDocumentSize = 64 << 20

    /// Decodes a SIRI response: JSON or XML, plain or gzipped.
    /// - Parameter limit: the largest document accepted, after decompression.
    public static func decode(_ data: Data, limit: Int = maximumDocumentSize) throws(SIRIDecodingError) -> SIRIServiceDelivery {
        let document: Data
        do {
            document = try Inflate.gunzipIfNeeded(data, limit: limit)
        } catch {
            throw SIRIDecodingError(path: "", reason: "gzip: \(error.description)")
        }
        guard document.count <= limit else {
            throw SIRIDecodingError(path: "", reason: "document of \(document.count) bytes exceeds the limit of \(limit)")
        }
        let tree: Any
        switch syntax(of: document) {
        case .json?:
            do {
                tree = try JSONSerialization.jsonObject(with: document)
            } catch {
                throw SIRIDecodingError(path: "", reason: "invalid JSON: \(Self.message(of: error))")
            }
        case .xml?:
            tree = try SIRIXMLTree.parse(document)
        case nil:
            let blank = document.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            throw SIRIDecodingError(path: "", reason: blank ? "empty document" : "neither JSON nor XML")
        }
        return try SIRIServiceDelivery(siriDocument: SIRIObject(tree, path: ""))
    }

    /// JSON when the first significant byte is `{` or `[`, XML when it is `<`, else nil.
    /// Leading whitespace and a UTF-8 byte-order mark are skipped.
    public static func syntax(of document: Data) -> Syntax? {
        var index = document.startIndex
        if document.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while index < document.endIndex {
            switch document[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
            case UInt8(ascii: "<"): return .xml
            default: return nil
            }
        }
        return nil
    }

    /// Foundation's own explanation when it gives one (it names the offending byte offset).
    private static func message(of error: Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return nsError.localizedDescription
    }
}
