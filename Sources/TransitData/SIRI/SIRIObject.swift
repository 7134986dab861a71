import Foundation

/// A read-only view of one SIRI object, as produced by `JSONSerialization` or by
/// ``SIRIXMLTree``, whose accessors check types and report failures with a path.
///
/// The same accessors serve JSON and XML: in XML every leaf is text, so numbers and booleans
/// are also accepted as strings that parse; in JSON a list of one may be written as the bare
/// object (as XML always does), so ``objects(_:)`` accepts both. `null` means absent.
struct SIRIObject {
    let members: [String: Any]
    let path: String

    /// Views `value` as an object; an empty XML element (`<OnwardCalls/>`) is an empty object.
    init(_ value: Any, path: String) throws(SIRIDecodingError) {
        if let members = value as? [String: Any] {
            self.members = members
        } else if let text = value as? String, text.isEmpty {
            self.members = [:]
        } else {
            throw SIRIDecodingError(path: path, reason: "expected an object, found \(Self.describe(value))")
        }
        self.path = path
    }

    /// The path of member `key`, built only when an error needs it.
    func pathOf(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The member `key`, or nil when it is absent or `null`.
    func member(_ key: String) -> Any? {
        guard let value = members[key], !(type(of: value) is NSNull.Type) else { return nil }
        return value
    }

    func string(_ key: String) throws(SIRIDecodingError) -> String? {
        guard let value = member(key) else { return nil }
        guard let string = value as? String else { throw mismatch(key, expected: "a string", found: value) }
        return string
    }

    func requiredString(_ key: String) throws(SIRIDecodingError) -> String {
        guard let string = try string(key), !string.isEmpty else {
            throw SIRIDecodingError(path: pathOf(key), reason: "required string is missing")
        }
        return string
    }

    /// A natural-language text: a string (SIRI 1.3) or a list of strings (SIRI 2.0, one per
    /// language); the first is taken.
    func text(_ key: String) throws(SIRIDecodingError) -> String? {
        guard let value = member(key) else { return nil }
        if let string = value as? String { return string }
        if let list = value as? [Any] {
            if list.isEmpty { return nil }
            if let first = list[0] as? String { return first }
        }
        throw mismatch(key, expected: "a string or a list of strings", found: value)
    }

    func double(_ key: String) throws(SIRIDecodingError) -> Double? {
        guard let value = member(key) else { return nil }
        let number: Double?
        if let numeric = Self.number(value) {
            number = numeric.doubleValue
        } else if let string = value as? String {
            number = Double(string.trimmingCharacters(in: .whitespaces))
        } else {
            number = nil
        }
        guard let number, number.isFinite else { throw mismatch(key, expected: "a finite number", found: value) }
        return number
    }

    func int(_ key: String) throws(SIRIDecodingError) -> Int? {
        guard let value = member(key) else { return nil }
        if let number = Self.number(value), let integer = Int(exactly: number.doubleValue) {
            return integer
        }
        if let string = value as? String, let integer = Int(string.trimmingCharacters(in: .whitespaces)) {
            return integer
        }
        throw mismatch(key, expected: "an integer", found: value)
    }

    func bool(_ key: String) throws(SIRIDecodingError) -> Bool? {
        guard let value = member(key) else { return nil }
        if Self.isBoolean(value) { return (value as! NSNumber).boolValue }
        switch value as? String {
        case "true": return true
        case "false": return false
        default: throw mismatch(key, expected: "true or false", found: value)
        }
    }

    /// An ISO 8601 time with an offset (see ``ISO8601Timestamp``).
    func time(_ key: String) throws(SIRIDecodingError) -> Date? {
        guard let text = try string(key) else { return nil }
        guard let date = ISO8601Timestamp.parse(text) else {
            throw SIRIDecodingError(path: pathOf(key), reason: "'\(text.prefix(40))' is not an ISO 8601 time with an offset")
        }
        return date
    }

    func object(_ key: String) throws(SIRIDecodingError) -> SIRIObject? {
        guard let value = member(key) else { return nil }
        return try SIRIObject(value, path: pathOf(key))
    }

    /// The objects of a list member; absent is empty, a bare object is a list of one.
    func objects(_ key: String) throws(SIRIDecodingError) -> [SIRIObject] {
        guard let value = member(key) else { return [] }
        guard let list = value as? [Any] else { return [try SIRIObject(value, path: pathOf(key))] }
        var objects: [SIRIObject] = []
        objects.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            objects.append(try SIRIObject(element, path: "\(pathOf(key))[\(index)]"))
        }
        return objects
    }

    /// Calls `read` with each entry of a list member (vehicles, visits, situations). An entry
    /// that is not an object, or that `read` rejects, is reported in `skipped` (in document
    /// order) and left out, so one bad entry spares the others.
    func forEachEntry(_ key: String, skipped: inout [SIRIDecodingError],
                      _ read: (SIRIObject) throws(SIRIDecodingError) -> Void) throws(SIRIDecodingError) {
        guard let list = member(key) as? [Any] else {
            for entry in try objects(key) {
                do throws(SIRIDecodingError) { try read(entry) } catch { skipped.append(error) }
            }
            return
        }
        for (index, element) in list.enumerated() {
            do throws(SIRIDecodingError) {
                try read(try SIRIObject(element, path: "\(pathOf(key))[\(index)]"))
            } catch {
                skipped.append(error)
            }
        }
    }

    private func mismatch(_ key: String, expected: String, found value: Any) -> SIRIDecodingError {
        SIRIDecodingError(path: pathOf(key), reason: "expected \(expected), found \(Self.describe(value))")
    }

    /// The class Foundation uses for JSON `true` and `false`. Those also bridge to `Int` and
    /// `Double` (and 0 and 1 bridge to `Bool`), so booleans are told apart by their class.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Whether `value` is JSON `true` or `false`.
    ///
    /// Types are tested on the metatype: a cast such as `value as? NSNumber` on a Swift
    /// dictionary or array would first bridge the whole subtree to `NSDictionary`/`NSArray`,
    /// which made decoding nine times slower than parsing.
    static func isBoolean(_ value: Any) -> Bool {
        ObjectIdentifier(type(of: value)) == booleanClass
    }

    /// `value` as a JSON number (not a boolean), or nil.
    static func number(_ value: Any) -> NSNumber? {
        guard type(of: value) is NSNumber.Type, !isBoolean(value) else { return nil }
        return (value as! NSNumber)
    }

    /// A short name for what a value is, for error messages.
    static func describe(_ value: Any) -> String {
        switch value {
        case let string as String: "the string '\(string.prefix(40))'"
        case is [Any]: "a list"
        case is [String: Any]: "an object"
        case _ where type(of: value) is NSNull.Type: "null"
        case _ where isBoolean(value): "a boolean"
        case _ where number(value) != nil: "the number \(value)"
        default: "a \(type(of: value))"
        }
    }
}
