import Foundation

/// The JSON documents the MTA publishes about station access (the entrances dataset, the
/// elevator and escalator equipment list, the outage feed), read within one byte limit and one
/// record limit, each record a JSON object of strings.
public enum AccessDocument {
    /// The largest document accepted, in bytes: the entrances GeoJSON is 1.3 MB and the
    /// equipment list 0.6 MB; the outage feed is far smaller.
    public static let byteLimit = 8 << 20
    /// The most records accepted (2,120 entrances, 662 pieces of equipment today).
    static let recordLimit = 50_000
    /// The most characters kept of one text field (the longest real one, an alternative route,
    /// is about 1,000).
    static let fieldLimit = 2_000

    /// The records of `data`: the objects of a top-level array, or, with `member`, of that
    /// member's array (`features` of a FeatureCollection).
    static func records(_ data: Data, member: String? = nil, what: String) throws(GTFSLoadError) -> [[String: Any]] {
        let root = try JSONDocument.root(data, limit: byteLimit, file: what)
        let list: Any? = if let member { (root as? [String: Any])?[member] } else { root }
        guard let items = list as? [Any] else {
            throw GTFSLoadError("\(what): not a JSON \(member.map { "object with a \"\($0)\" array" } ?? "array")")
        }
        guard items.count <= recordLimit else { throw GTFSLoadError("\(what): more than \(recordLimit) records") }
        var records: [[String: Any]] = []
        records.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let record = item as? [String: Any] else { throw GTFSLoadError("\(what): record \(index) is not an object") }
            records.append(record)
        }
        return records
    }

    /// `record[key]` as trimmed text (numbers written as text), at most `fieldLimit` characters;
    /// nil when absent, empty or of another type.
    static func text(_ record: [String: Any], _ key: String) -> String? {
        switch record[key] {
        case let string as String: text(string)
        case let number as NSNumber: text(number.stringValue)
        default: nil
        }
    }

    /// `value` trimmed, at most `fieldLimit` characters; nil when empty.
    static func text(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : String(trimmed.prefix(fieldLimit))
    }

    /// `record[key]` as a yes/no flag (`flag(_:)`).
    static func flag(_ record: [String: Any], _ key: String) -> Bool? {
        text(record, key).flatMap(flag)
    }

    /// A yes/no flag (`Y`, `YES`, `TRUE`, `1`, `N`, `NO`, `FALSE`, `0`, any case); nil otherwise.
    static func flag(_ text: String) -> Bool? {
        switch text.uppercased() {
        case "Y", "YES", "TRUE", "1": true
        case "N", "NO", "FALSE", "0": false
        default: nil
        }
    }
}
