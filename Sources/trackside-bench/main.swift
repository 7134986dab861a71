import Foundation
import TracksideCommandLine

// `trackside-bench NAME [OPTIONS]`: runs one named benchmark (build with `-c release`).
// Each benchmark is a `CLICommand` in its own file; adding one means adding it to this list.
// Kept out of the `trackside` binary: benchmarks, their load generators and bench servers.
let benchmarks: [any CLICommand.Type] = [
    GTFSLoadBench.self,
    PushFanoutBench.self,
    PushLoadBench.self,
    DecodeBenchmark.self,
    PlaceBenchmark.self,
    SIRIDecodeBench.self,
    WebSocketDeflateBench.self,
    BroadcastBenchServer.self,
    KernelFloorServer.self,
    WebSocketLoadBench.self,
    BusStopsBench.self,
]

exit(CommandLineInterface(program: "trackside-bench", tagline: "benchmarks of Trackside (build with -c release)",
                          commands: benchmarks).run(Array(CommandLine.arguments.dropFirst())))
