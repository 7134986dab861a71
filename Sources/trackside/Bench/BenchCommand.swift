/// `trackside bench NAME [OPTIONS]`: runs one named benchmark (build with `-c release`).
/// Each benchmark is a `CLICommand` in its own file under `Bench/`; add it to the table.
struct BenchCommand: CLICommand {
    static let name = "bench"
    static var summary: String { "run a benchmark (build in release mode): \(benchmarks.map { $0.name }.joined(separator: ", "))" }

    /// The benchmarks, by name.
    static var benchmarks: [any CLICommand.Type] { [
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
    ] }

    static var usage: String {
        let sections = benchmarks.map { "\($0.name): \($0.summary)\n\($0.usage)" }
        return "Usage: trackside bench NAME [OPTIONS]\n\n" + sections.joined(separator: "\n\n")
    }

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        guard let name = arguments.leadingWord() else {
            throw ArgumentList.UsageError(description: "which benchmark? one of \(benchmarks.map { $0.name }.joined(separator: ", "))")
        }
        guard let benchmark = benchmarks.first(where: { $0.name == name }) else {
            throw ArgumentList.UsageError(description: "unknown benchmark '\(name)'")
        }
        return try benchmark.run(arguments)
    }
}
