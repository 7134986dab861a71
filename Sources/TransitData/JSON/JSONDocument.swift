import Foundation

/// A JSON file read whole with Foundation, within a byte limit: the bundled and operator-given data files
/// (station groups, entrances, elevator lists, the outage feed).
public enum JSONDocument {
    /// The document's root; `file` names it in errors. More than `limit` bytes, or not JSON, is an error.
    public static func root(_ data: Data, limit: Int, file: String) throws(GTFSLoadError) -> Any {
        guard data.count <= limit else {
            throw GTFSLoadError("\(file): \(data.count) bytes, more than the \(limit) accepted")
        }
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw GTFSLoadError("\(file): not JSON (\(error.localizedDescription))")
        }
    }
}
