import Foundation
import Glibc

/// The optional JSON config file: one object whose keys are option names and whose values are
/// JSON numbers, strings, booleans or arrays of strings, as each option's shape asks.
public enum ConfigurationFile {
    /// `--config FILE` / `TRACKSIDE_CONFIG`; it cannot itself be set in a file.
    public static let option = Option<String?>.text(
        "config", "FILE", shown: "none",
        help: "a JSON config file: an object of option names to values (arrays for repeatable options)")

    /// A config file larger than this is refused: a real one is a few kilobytes.
    public static let maximumSize = 1 << 20

    /// The file's text; the error is the reason alone ("No such file or directory").
    public static func contents(atPath path: String) throws(OptionError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OptionError(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw OptionError(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw OptionError("not a regular file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw OptionError(String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes += chunk[0..<count]
            guard bytes.count <= maximumSize else { throw OptionError("larger than \(maximumSize) bytes") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw OptionError("not UTF-8 text") }
        return text
    }

    /// The object's members as option texts, in key order; fails on anything but an object.
    static func members(of text: String, path: String) throws(OptionError) -> [(key: String, value: Any)] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "malformed"
            throw OptionError("config file \(path) is not valid JSON: \(detail)")
        }
        guard let dictionary = object as? [String: Any] else {
            throw OptionError("config file \(path) must hold a JSON object of option names to values")
        }
        return dictionary.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    /// The texts a JSON value stands for, or nil when its JSON type does not fit the option.
    static func texts(of value: Any, for declaration: OptionDeclaration) -> [String]? {
        let isBoolean = value is NSNumber && type(of: value) == type(of: NSNumber(value: true))
        switch declaration.shape {
        case .flag:
            guard isBoolean, let flag = value as? Bool else { return nil }
            return [String(flag)]
        case .value:
            if declaration.isNumeric {
                guard !isBoolean, let number = value as? NSNumber else { return nil }
                return [number.stringValue]
            }
            return (value as? String).map { [$0] }
        case .list:
            if let single = value as? String { return [single] }
            guard let array = value as? [Any] else { return nil }
            let strings = array.compactMap { $0 as? String }
            return strings.count == array.count ? strings : nil
        }
    }

    /// How a JSON value is shown in an error.
    static func describe(_ value: Any) -> String {
        if let string = value as? String { return "\"\(string)\"" }
        if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) {
            return String(decoding: data, as: UTF8.self)
        }
        return "\(value)"
    }
}
