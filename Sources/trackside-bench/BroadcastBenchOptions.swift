import TracksideCommandLine

/// The options both benchmark servers (`serve-broadcast`, `serve-floor`) take: where to listen,
/// and what to broadcast how often, so that the runner can start either with the same line.
struct BroadcastBenchOptions {
    static let usage = """
          --port N         port on 127.0.0.1 (default 0: any; printed as `listening on PORT`)
          --size BYTES     broadcast message size (default 2048)
          --hz RATE        broadcasts per second, 0 or 0.01 to 1000 (default 10; 0 = none)
        """

    let port: Int
    let size: Int
    let hz: Double

    /// Takes the three options out of `arguments`.
    init(_ arguments: inout ArgumentList) throws {
        port = try arguments.value("port", default: 0) { Int($0).flatMap { (0...65535).contains($0) ? $0 : nil } }
        size = try arguments.value("size", default: 2048) { Int($0).flatMap { (64...(1 << 20)).contains($0) ? $0 : nil } }
        // 0 or from one tick in 100 s: a tick's wait must fit epoll's Int32 milliseconds.
        hz = try arguments.value("hz", default: 10.0) { Double($0).flatMap { $0 == 0 || (0.01...1000).contains($0) ? $0 : nil } }
    }
}
