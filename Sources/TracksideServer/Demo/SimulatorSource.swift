import Foundation
import TransitData

/// `--source demo` (the default) and `--source sim`: a `ScheduleSimulator` published like a live
/// feed. Every `interval` seconds it encodes the simulator's report at the wall-clock time and
/// delivers the bytes, which are decoded and placed exactly like a live MTA fetch.
public final class SimulatorSource: FeedSource, Sendable {
    public let kind: String
    private let simulator: ScheduleSimulator
    private let interval: Double
    private let thread = SourceThread(name: "trackside-simulator")
    private let clock: @Sendable () -> Double

    /// - Parameters:
    ///   - kind: `demo` for the bundled data, `sim` for a user's GTFS.
    ///   - interval: seconds between publications (the MTA publishes subway feeds about every 15 s).
    public init(kind: String, simulator: ScheduleSimulator, interval: Double = 15,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.kind = kind
        self.simulator = simulator
        self.interval = interval
        self.clock = clock
    }

    public var expectedFeeds: [ExpectedFeed] { [ExpectedFeed(feedID: feedID, interval: interval)] }

    private var feedID: String { "\(kind)-subway" }

    /// The simulated railway runs on the wall clock.
    public func feedTime(atWallTime wallTime: Double) -> Double { wallTime }

    public func start(deliver: @escaping @Sendable (FeedPayload) -> Void) {
        thread.start { [self] thread in
            var next = clock()
            while thread.sleep(until: next) {
                let now = clock()
                let bytes = simulator.feed(at: now).protobufBytes
                deliver(FeedPayload(feedID: feedID, format: .gtfsRealtime, bytes: Data(bytes), origin: "\(kind) simulator"))
                next = now + interval
            }
        }
    }

    public func stop() {
        thread.stop()
    }
}
