/// The vehicles of one decoded feed fetch (and the buses it expects at stops), with when the
/// feed says it was produced.
///
/// Built once per fetch (not per tick), so it also precomputes what every tick would
/// otherwise recompute: how long trains take between consecutive stops.
public struct FeedReport: Sendable {
    /// A name for logs and metrics (`bdfm`, `siri-vm`).
    public var name: String
    /// The feed header's timestamp (seconds since the Unix epoch); the fetch time when the
    /// header says 0 or a time outside 1970…9999 (`FeedTime`). The server also replaces a header
    /// stamped from the future (`FeedIngest.headerTime`).
    public var timestamp: Double
    /// `timestamp` in whole seconds, as vehicle states carry it; 0 when no `UInt64` holds it
    /// (a report built by hand can hold any `Double`).
    var wholeSeconds: UInt64 { UInt64(exactly: max(0, timestamp).rounded(.down)) ?? 0 }
    public let trains: [TrainReport]
    /// `CANCELED` trips the timetable has, with their scheduled stop times: not vehicles, but what
    /// boards show as cancelled (riders waiting for them are told, not left guessing).
    public let cancelledTrips: [TrainReport]
    public var buses: [BusReport]
    /// Buses expected at stops (SIRI calls), for the stops' boards.
    public let busCalls: [BusCall]
    /// Indexes into `busCalls` by stop id: a board reads its stop's calls, not every bus's.
    private let busCallIndexes: [String: [Int]]
    /// Where each stop's predictions are in `trains`, by stop id: a station's board reads its
    /// platforms' predictions, not every train's.
    private let predictionIndexes: [String: [PredictionIndex]]
    /// The same for `cancelledTrips`.
    private let cancellationIndexes: [String: [PredictionIndex]]
    /// Run times between consecutive stops, learnt from this feed's own predictions.
    public let runTimes: StopRunTimes
    /// When this feed's data counts as stale (`FeedFreshness`); the server sets it from the feed's
    /// expectation and health each tick, offline commands keep the default 90 s.
    public var freshness = FeedFreshness()

    public init(name: String, timestamp: Double, trains: [TrainReport] = [], cancelledTrips: [TrainReport] = [],
                buses: [BusReport] = [], busCalls: [BusCall] = []) {
        self.name = name
        self.timestamp = timestamp
        self.trains = trains
        self.cancelledTrips = cancelledTrips
        self.buses = buses
        self.busCalls = busCalls
        var indexes: [String: [Int]] = [:]
        for (index, call) in busCalls.enumerated() { indexes[call.stopID, default: []].append(index) }
        busCallIndexes = indexes
        predictionIndexes = PredictionIndex.byStop(trains)
        cancellationIndexes = PredictionIndex.byStop(cancelledTrips)
        self.runTimes = StopRunTimes(trains)
    }
}

extension FeedReport {
    /// Whether this feed's data is stale at `now` (`FeedFreshness`).
    public func isStale(at now: Double) -> Bool {
        freshness.isStale(headerTime: timestamp, at: now)
    }

    /// The calls at `stopID`, in feed order.
    public func busCalls(at stopID: String) -> [BusCall] {
        busCallIndexes[stopID]?.map { busCalls[$0] } ?? []
    }

    /// The trains predicted at `stopID`, each with its prediction there, in feed order (a train
    /// predicted twice at the stop, as a loop's, comes twice).
    public func predictions(at stopID: String) -> [(train: TrainReport, prediction: StopTimePrediction)] {
        predictionIndexes[stopID]?.map { (trains[$0.train], trains[$0.train].stopTimes[$0.stopTime]) } ?? []
    }

    /// The cancelled trips scheduled at `stopID`, each with its scheduled time there, in feed order.
    public func cancellations(at stopID: String) -> [(train: TrainReport, prediction: StopTimePrediction)] {
        cancellationIndexes[stopID]?.map { (cancelledTrips[$0.train], cancelledTrips[$0.train].stopTimes[$0.stopTime]) } ?? []
    }

    /// A prediction's place: `trains[train].stopTimes[stopTime]`.
    private struct PredictionIndex {
        let train: Int
        let stopTime: Int

        /// Every stop time of `trains`, by stop id.
        static func byStop(_ trains: [TrainReport]) -> [String: [PredictionIndex]] {
            var indexes: [String: [PredictionIndex]] = [:]
            for (train, report) in trains.enumerated() {
                for (stopTime, prediction) in report.stopTimes.enumerated() {
                    indexes[prediction.stopID, default: []].append(PredictionIndex(train: train, stopTime: stopTime))
                }
            }
            return indexes
        }
    }
}

/// The latest report of every feed: the engine's input for a tick.
public struct FeedSnapshot: Sendable {
    public var feeds: [FeedReport]

    public init(_ feeds: [FeedReport] = []) {
        self.feeds = feeds
    }
}
