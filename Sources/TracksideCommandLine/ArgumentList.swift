/// The arguments of one subcommand, consumed option by option.
///
/// Options are `--name value` or `--name=value`; flags are `--name`. Whatever is left
/// when a command asks for `positionals()` must be positional, so a misspelt option
/// fails at startup instead of being ignored.
public struct ArgumentList {
    /// A mistake in how the command was called; printed as one line, exit status 2.
    public struct UsageError: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    private var remaining: [String]

    public init(_ arguments: [String]) {
        remaining = arguments
    }

    /// Removes and returns every value given for `--name` (the option may repeat).
    public mutating func values(_ name: String) throws -> [String] {
        var found: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == "--\(name)" {
                guard index + 1 < remaining.count else { throw UsageError(description: "--\(name) needs a value") }
                found.append(remaining[index + 1])
                remaining.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix("--\(name)=") {
                found.append(String(argument.dropFirst(name.count + 3)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return found
    }

    /// Removes and returns the value of `--name`, or nil when absent; giving it twice is an error.
    public mutating func value(_ name: String) throws -> String? {
        let all = try values(name)
        guard all.count <= 1 else { throw UsageError(description: "--\(name) given more than once") }
        return all.first
    }

    /// The value of `--name` converted by `parse`, or `defaultValue` when absent.
    public mutating func value<T>(_ name: String, default defaultValue: T, _ parse: (String) -> T?) throws -> T {
        guard let text = try value(name) else { return defaultValue }
        guard let parsed = parse(text) else { throw UsageError(description: "invalid value '\(text)' for --\(name)") }
        return parsed
    }

    /// Removes `--name` and says whether it was there.
    public mutating func flag(_ name: String) -> Bool {
        let before = remaining.count
        remaining.removeAll { $0 == "--\(name)" }
        return remaining.count != before
    }

    /// Removes and returns the first argument when it is not an option (a sub-subcommand
    /// such as the benchmark name of `trackside-bench NAME`).
    public mutating func leadingWord() -> String? {
        guard let first = remaining.first, !first.hasPrefix("-") else { return nil }
        return remaining.removeFirst()
    }

    /// The arguments not consumed yet, for commands whose options are declared in the option model
    /// (`ResolvedOptions`).
    public var unparsed: [String] { remaining }

    /// The arguments left; fails on any that still look like options.
    public func positionals() throws -> [String] {
        if let option = remaining.first(where: { $0.hasPrefix("--") }) {
            throw UsageError(description: "unknown option \(option)")
        }
        return remaining
    }
}
