/// One subcommand of `trackside` or `trackside-bench`: a name, a line of help, and a body that returns the exit status.
public protocol CLICommand {
    /// The word that selects the command, e.g. `decode`.
    static var name: String { get }
    /// One line for `PROGRAM --help`.
    static var summary: String { get }
    /// The full `PROGRAM NAME --help` text: usage, options and their defaults.
    static var usage: String { get }
    /// Runs the command with the arguments after its name.
    /// Exit status: 0 success, 2 bad input or bad usage (one line on stderr), 1 anything else.
    static func run(_ arguments: ArgumentList) throws -> Int32
}
