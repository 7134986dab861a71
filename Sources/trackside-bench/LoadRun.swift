import Foundation

/// One run of the load generator: its connections dealt over `threads` `LoadClientThread`s,
/// started together; the caller waits for the ramp, warms up, then measures a window and reads
/// the merged figures.
final class LoadRun {
    let clients: Int
    private let loaders: [LoadClientThread]
    private let window = LoadWindow()
    private let finished = DispatchGroup()
    private var started = Date()

    init(connections: [LoadConnection], threads: Int, echoes: Bool = false) {
        clients = connections.count
        let window = window
        loaders = (0..<threads).map { index in
            LoadClientThread(connections: stride(from: index, to: connections.count, by: threads).map { connections[$0] },
                             window: window, echoes: echoes)
        }
    }

    /// Connections whose first snapshot arrived, and those of them compressing.
    var subscribed: Int { loaders.map { $0.subscribed.load(ordering: .relaxed) }.reduce(0, +) }
    var compressing: Int { loaders.map { $0.compressing.load(ordering: .relaxed) }.reduce(0, +) }

    /// Starts every thread opening its connections.
    func start() {
        started = Date()
        for loader in loaders {
            finished.enter()
            Thread { [finished] in
                loader.run()
                finished.leave()
            }.start()
        }
    }

    /// Waits until every client has its snapshot or `timeout` passed; returns the seconds since `start`.
    func waitForSubscriptions(timeout: Double) -> Double {
        while subscribed < clients, Date().timeIntervalSince(started) < timeout {
            Thread.sleep(forTimeInterval: 0.1)
        }
        return Date().timeIntervalSince(started)
    }

    /// Measures from now for `seconds`, then closes every connection; returns when all are closed.
    func measure(for seconds: Double) {
        window.measure(for: seconds)
        finished.wait()
    }

    /// Every thread's figures together, latencies sorted.
    var figures: LoadClientThread.Figures {
        var total = LoadClientThread.Figures()
        for loader in loaders {
            loader.figures.withLock { figures in
                total.messages += figures.messages
                total.wireBytes += figures.wireBytes
                total.latencies += figures.latencies
                total.failures += figures.failures
                total.snapshotWireBytes.merge(figures.snapshotWireBytes) { first, _ in first }
            }
        }
        total.latencies.sort()
        return total
    }
}

extension LoadClientThread.Figures {
    /// The latency at quantile `q` of sorted `latencies`, -1 without any.
    func latency(at q: Double) -> Int {
        latencies.isEmpty ? -1 : latencies[min(latencies.count - 1, Int(q * Double(latencies.count)))]
    }
}
