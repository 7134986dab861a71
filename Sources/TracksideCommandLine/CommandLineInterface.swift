import Foundation
import TracksideServer

/// Picks the subcommand from the first argument and runs it, turning usage errors into
/// exit status 2 with one line on stderr.
public struct CommandLineInterface {
    /// The program's name in help and error lines (`trackside`, `trackside-bench`).
    public let program: String
    /// The first line of `PROGRAM --help`.
    public let tagline: String
    public let commands: [any CLICommand.Type]
    /// The name of the command run when none is named; without one, the overview is printed (exit 2).
    public let defaultCommandName: String?

    public init(program: String, tagline: String, commands: [any CLICommand.Type], defaultCommandName: String? = nil) {
        self.program = program
        self.tagline = tagline
        self.commands = commands
        self.defaultCommandName = defaultCommandName
    }

    /// The command run when none is named.
    private var defaultCommand: (any CLICommand.Type)? {
        commands.first { $0.name == defaultCommandName }
    }

    public func run(_ arguments: [String]) -> Int32 {
        var rest = arguments
        let command: any CLICommand.Type
        if let first = rest.first, !first.hasPrefix("-") {
            guard let named = commands.first(where: { $0.name == first }) else {
                return fail("unknown command '\(first)'; try '\(program) --help'")
            }
            command = named
            rest.removeFirst()
        } else if rest.first == "--help" || rest.first == "-h" {
            print(overview)
            return 0
        } else if let defaultCommand {
            command = defaultCommand
        } else {
            print(overview)
            return 2
        }
        if rest.contains("--help") || rest.contains("-h") {
            print(command.usage)
            return 0
        }
        do {
            return try command.run(ArgumentList(rest))
        } catch let error as ArgumentList.UsageError {
            return fail("\(command.name): \(error.description)")
        } catch let error as OptionError {
            return fail("\(command.name): \(error.description)")
        } catch {
            return fail("\(command.name): \(error)", status: 1)
        }
    }

    private var overview: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let lines = commands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
        let usage = defaultCommand.map { "Usage: \(program) [COMMAND] [OPTIONS]    (no command: \($0.name))" }
            ?? "Usage: \(program) COMMAND [OPTIONS]"
        var text = """
            \(program): \(tagline)

            \(usage)

            Commands:
            \(lines.joined(separator: "\n"))

            '\(program) COMMAND --help' lists a command's options and defaults.
            """
        if let defaultCommand {
            text += " Without a command,\n\(program) runs \(defaultCommand.name):\n\n\(defaultCommand.usage)"
        }
        return text
    }

    private func fail(_ message: String, status: Int32 = 2) -> Int32 {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        return status
    }
}
