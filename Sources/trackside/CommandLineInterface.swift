import Foundation
import TracksideServer

/// Picks the subcommand from the first argument and runs it, turning usage errors into
/// exit status 2 with one line on stderr.
struct CommandLineInterface {
    let commands: [any CLICommand.Type]

    /// The command run when none is named.
    private var defaultCommand: (any CLICommand.Type)? {
        commands.first { $0.name == "serve" }
    }

    func run(_ arguments: [String]) -> Int32 {
        var rest = arguments
        let command: any CLICommand.Type
        if let first = rest.first, !first.hasPrefix("-") {
            guard let named = commands.first(where: { $0.name == first }) else {
                return fail("unknown command '\(first)'; try 'trackside --help'")
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
        return """
            trackside: live transit vehicles pushed over WebSockets

            Usage: trackside [COMMAND] [OPTIONS]    (no command: serve)

            Commands:
            \(lines.joined(separator: "\n"))

            'trackside COMMAND --help' lists a command's options and defaults. Without a command,
            trackside runs serve:

            \(defaultCommand?.usage ?? "")
            """
    }

    private func fail(_ message: String, status: Int32 = 2) -> Int32 {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        return status
    }
}
