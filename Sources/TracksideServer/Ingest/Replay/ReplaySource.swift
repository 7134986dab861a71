import Foundation

/// `--source replay:DIR`: plays a recorded folder as if its feeds were being published now.
///
/// Its own thread sleeps until each file's scheduled wall time, reads it and delivers it.
/// Files are read when played, not at startup, so long recordings cost no memory.
public final class ReplaySource: FeedSource, Sendable {
    public let kind = "replay"
    public let recording: ReplayRecording
    public let schedule: ReplaySchedule
    private let thread = SourceThread(name: "trackside-replay")

    /// - Parameters:
    ///   - start: the wall time the first file plays at (normally now).
    ///   - skip: recorded seconds to start into the recording.
    public init(recording: ReplayRecording, speed: Double, loops: Bool, start: Double, skip: Double = 0) {
        self.recording = recording
        schedule = ReplaySchedule(timestamps: recording.files.map(\.timestamp), speed: speed, loops: loops,
                                  start: start, skip: skip)
    }

    /// Every feed the recording holds a file of.
    public var expectedFeeds: [ExpectedFeed] {
        Set(recording.files.map(\.feedID)).sorted().map { ExpectedFeed(feedID: $0, interval: nil) }
    }

    /// A recording of its files' span, with buses when any file is a bus feed's.
    public var summary: SourceSummary {
        SourceSummary(kind: kind, recorded: schedule.timestamps[0]...schedule.timestamps[schedule.timestamps.count - 1],
                      speed: schedule.speed, loops: schedule.loops,
                      carriesBuses: recording.files.contains { SourceSummary.isBusFeed(id: $0.feedID, format: $0.format) })
    }

    public func feedTime(atWallTime wallTime: Double) -> Double {
        schedule.feedTime(atWallTime: wallTime)
    }

    public func start(deliver: @escaping @Sendable (FeedPayload) -> Void) {
        thread.start { [self] thread in run(thread, deliver) }
    }

    public func stop() {
        thread.stop()
    }

    private func run(_ thread: SourceThread, _ deliver: @Sendable (FeedPayload) -> Void) {
        var n = 0
        while let (index, round, wallTime) = schedule.play(n) {
            guard thread.sleep(until: wallTime) else { return }
            let file = recording.files[index]
            // An unreadable file is delivered empty, so it fails decoding like any bad fetch.
            let bytes = FileManager.default.contents(atPath: file.path) ?? Data()
            deliver(FeedPayload(feedID: file.feedID, format: file.format, kind: file.kind, bytes: bytes,
                                origin: "replay:\(file.path)", round: round))
            n += 1
        }
    }
}
