import Foundation
import TransitData

/// `--source demo` (the default) and `--source sim`: a `ScheduleSimulator` published like live
/// feeds. Every `interval` seconds it encodes the simulator's subway feed and its alerts feed
/// at the wall-clock time and delivers the bytes (`demo-subway` and `demo-alerts`; `sim-vehicles`
/// and `sim-alerts` for a user's GTFS, whatever its mode), which are decoded exactly like live fetches.
public final class SimulatorSource: FeedSource, Sendable {
    public let kind: String
    private let simulator: ScheduleSimulator
    private let interval: Double
    private let thread = SourceThread(name: "trackside-simulator")
    private let clock: @Sendable () -> Double
    /// Seconds the simulated clock runs ahead of the wall clock (behind when negative).
    private let offset: Double

    /// - Parameters:
    ///   - kind: `demo` for the bundled data, `sim` for a user's GTFS.
    ///   - interval: seconds between publications (the MTA publishes subway feeds about every 15 s).
    ///   - start: the instant the simulated clock starts at, then running at wall speed; nil: now.
    public init(kind: String, simulator: ScheduleSimulator, interval: Double = 15, start: Double? = nil,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.kind = kind
        self.simulator = simulator
        self.interval = interval
        self.clock = clock
        offset = start.map { $0 - clock() } ?? 0
    }

    /// A simulation of the timetable's routes, with buses when the timetable has bus routes.
    public var summary: SourceSummary {
        SourceSummary(kind: kind, simulatedRoutes: simulator.routeIDs, carriesBuses: simulator.runsRoadVehicles)
    }

    public var expectedFeeds: [ExpectedFeed] {
        [ExpectedFeed(feedID: feedID, interval: interval), ExpectedFeed(feedID: alertsFeedID, interval: interval)]
    }

    private var feedID: String { kind == "demo" ? "demo-subway" : "\(kind)-vehicles" }
    private var alertsFeedID: String { "\(kind)-alerts" }

    /// The simulated railway runs at wall speed, from its start.
    public func feedTime(atWallTime wallTime: Double) -> Double { wallTime + offset }

    public func start(deliver: @escaping @Sendable (FeedPayload) -> Void) {
        thread.start { [self] thread in
            var next = clock()
            while thread.sleep(until: next) {
                let wall = clock()
                let now = feedTime(atWallTime: wall)
                let vehicles = simulator.feed(at: now).protobufBytes
                deliver(FeedPayload(feedID: feedID, format: .gtfsRealtime, bytes: Data(vehicles), origin: "\(kind) simulator",
                                    emptyIsTruthful: true))
                let alerts = simulator.alertsFeed(at: now).protobufBytes
                deliver(FeedPayload(feedID: alertsFeedID, format: .gtfsRealtime, kind: .alerts, bytes: Data(alerts),
                                    origin: "\(kind) simulator alerts"))
                next = wall + interval
            }
        }
    }

    public func stop() {
        thread.stop()
    }
}
