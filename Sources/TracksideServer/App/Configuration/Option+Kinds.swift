import Foundation

extension Option where Value == Int {
    /// A whole number within `range`.
    public static func integer(_ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, default value: Int,
                               shown: String? = nil, help: String) -> Option {
        Option(name, placeholder, default: value, shown: shown,
               expected: "an integer from \(range.lowerBound) to \(range.upperBound)", help: help, isNumeric: true) { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension Option where Value == Double {
    /// A finite number within `range` (seconds, kilometres, a rate).
    public static func number(_ name: String, _ placeholder: String = "S", in range: ClosedRange<Double>, default value: Double,
                              help: String) -> Option {
        Option(name, placeholder, default: value, shown: Self.shortest(value),
               expected: "a number from \(Self.shortest(range.lowerBound)) to \(Self.shortest(range.upperBound))",
               help: help, isNumeric: true) { text in
            Double(text).flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
        }
    }

    /// `15` rather than `15.0`.
    static func shortest(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension Option where Value == Bool {
    /// On or off: `--name`, `--no-name`, `--name=false`; `true/false`, `1/0`, `yes/no`, `on/off` in the environment.
    public static func flag(_ name: String, default value: Bool = false, help: String) -> Option {
        let declaration = OptionDeclaration(name: name, shape: .flag, isNumeric: false, placeholder: "",
                                            defaultDescription: value ? "on" : "off", expected: "true or false",
                                            help: help, environmentAliases: [], problem: { Self.boolean($0) == nil ? "expected true or false" : nil })
        return Option(declaration: declaration, defaultValue: value) { texts in texts.count == 1 ? Self.boolean(texts[0]) : nil }
    }

    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1", "yes", "on": true
        case "false", "0", "no", "off": false
        default: nil
        }
    }
}

extension Option where Value == String {
    /// Any non-empty text.
    public static func text(_ name: String, _ placeholder: String, default value: String, help: String) -> Option {
        Option(name, placeholder, default: value, expected: "a non-empty value", help: help) { $0.isEmpty ? nil : $0 }
    }

    /// An absolute `http://` or `https://` URL with a host.
    public static func url(_ name: String, default value: String, help: String) -> Option {
        Option(name, "URL", default: value, expected: "an http:// or https:// URL", help: help) { isWebURL($0) ? $0 : nil }
    }
}

extension Option where Value == String? {
    /// Non-empty text without a fixed default; `shown` says what happens when it is absent.
    public static func text(_ name: String, _ placeholder: String, shown: String, environmentAliases: [String] = [],
                            help: String) -> Option {
        Option(name, placeholder, default: nil, shown: shown, expected: "a non-empty value", help: help,
               environmentAliases: environmentAliases) { $0.isEmpty ? nil : $0 }
    }
}

extension Option where Value == [String] {
    /// A repeatable text option; `item` validates each value (nil: any non-empty text).
    public static func list(_ name: String, _ placeholder: String, shown: String, expected: String = "a non-empty value",
                            help: String, item: (@Sendable (String) -> Bool)? = nil) -> Option {
        let problem: @Sendable (String) -> String? = { text in !text.isEmpty && (item?(text) ?? true) ? nil : "expected \(expected)" }
        let declaration = OptionDeclaration(name: name, shape: .list, isNumeric: false, placeholder: placeholder,
                                            defaultDescription: shown, expected: expected, help: help,
                                            environmentAliases: [], problem: problem)
        return Option(declaration: declaration, defaultValue: []) { $0 }
    }
}

/// Whether `text` is an absolute http(s) URL with a host.
func isWebURL(_ text: String) -> Bool {
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
          scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else { return false }
    return true
}
