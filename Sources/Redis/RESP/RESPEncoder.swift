/// Writes commands the way clients must send them: an array of bulk strings, so every argument is binary-safe
/// (CR, LF and NUL travel as data).
public enum RESPEncoder {
    /// Appends `command` to `output`.
    public static func encode(_ command: RedisCommand, into output: inout [UInt8]) {
        header(UInt8(ascii: "*"), command.arguments.count, into: &output)
        for argument in command.arguments {
            header(UInt8(ascii: "$"), argument.count, into: &output)
            output.append(contentsOf: argument)
            output.append(contentsOf: crlf)
        }
    }

    /// The bytes of `commands`, one after another (a pipeline).
    public static func encode(_ commands: [RedisCommand]) -> [UInt8] {
        var output: [UInt8] = []
        for command in commands { encode(command, into: &output) }
        return output
    }

    private static let crlf: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]

    private static func header(_ type: UInt8, _ count: Int, into output: inout [UInt8]) {
        output.append(type)
        output.append(contentsOf: String(count).utf8)
        output.append(contentsOf: crlf)
    }
}
