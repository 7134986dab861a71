import Foundation
import TracksideCommandLine

// `trackside [COMMAND] [OPTIONS]`: with no command, `serve` runs the offline demo.
// Every command is a type in its own file; adding one means adding it to this list.
// Benchmarks are a separate executable, `trackside-bench`.
let commands: [any CLICommand.Type] = [
    AlertsCommand.self,
    ArrivalsCommand.self,
    DecodeCommand.self,
    PlaceCommand.self,
    RecordCommand.self,
    ServeCommand.self,
]

exit(CommandLineInterface(program: "trackside", tagline: "live transit vehicles pushed over WebSockets",
                          commands: commands, defaultCommandName: "serve").run(Array(CommandLine.arguments.dropFirst())))
