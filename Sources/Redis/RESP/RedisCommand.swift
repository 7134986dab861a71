/// One command: its name and arguments, each a binary-safe byte string (`RESPEncoder` writes it).
public struct RedisCommand: Hashable, Sendable {
    /// The name first, then the arguments; never empty.
    public private(set) var arguments: [[UInt8]]

    /// A command from words: `RedisCommand("SET", "key", "value")`.
    public init(_ name: String, _ arguments: String...) {
        self.arguments = [Array(name.utf8)] + arguments.map { Array($0.utf8) }
    }

    /// A command from raw arguments, the name first.
    public init(arguments: [[UInt8]]) {
        precondition(!arguments.isEmpty, "a Redis command needs a name")
        self.arguments = arguments
    }

    /// Appends a binary argument.
    public mutating func append(_ argument: [UInt8]) { arguments.append(argument) }

    /// Appends a text argument as UTF-8.
    public mutating func append(_ argument: String) { arguments.append(Array(argument.utf8)) }

    /// Appends an integer argument in decimal.
    public mutating func append(_ argument: some BinaryInteger) { append(String(argument)) }

    /// The command's name in capitals, e.g. `XADD`.
    public var name: String { String(decoding: arguments[0], as: UTF8.self).uppercased() }
}

extension RedisCommand: CustomStringConvertible {
    /// The name and the number of arguments, never their values (an `AUTH` carries a password, a value a payload).
    public var description: String { "\(name) (\(arguments.count - 1) arguments)" }
}
