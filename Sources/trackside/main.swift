import Foundation

// `trackside [COMMAND] [OPTIONS]`: with no command, `serve` runs the offline demo.
// Every command is a type in its own file; adding one means adding it to this list.
let commands: [any CLICommand.Type] = [
    AlertsCommand.self,
    ArrivalsCommand.self,
    BenchCommand.self,
    DecodeCommand.self,
    PlaceCommand.self,
    RecordCommand.self,
    ServeCommand.self,
]

exit(CommandLineInterface(commands: commands).run(Array(CommandLine.arguments.dropFirst())))
