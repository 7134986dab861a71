import Foundation

/// `--source replay:DIR`: plays a recorded folder as if its feeds were being published now.
///
/// Its own thread sleeps until each file's scheduled wall time, reads it and delivers it.
/// Files are read when played, not at startup, so long recordings cost no memory.
public final class ReplaySource: FeedSource, @unchecked Sendable {
    // @unchecked: `stopping` and `thread` are only touched under `condition`.
    public let kind = "replay"
    public let recording: ReplayRecording
    public let schedule: ReplaySchedule
    private let condition = NSCondition()
    private var stopping = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - start: the wall time the first file plays at (normally now).
    ///   - skip: recorded seconds to start into the recording.
    public init(recording: ReplayRecording, speed: Double, loops: Bool, start: Double, skip: Double = 0) {
        self.recording = recording
        schedule = ReplaySchedule(timestamps: recording.files.map(\.timestamp), speed: speed, loops: loops,
                                  start: start, skip: skip)
    }

    public func feedTime(atWallTime wallTime: Double) -> Double {
        schedule.feedTime(atWallTime: wallTime)
    }

    public func start(deliver: @escaping @Sendable (FeedPayload) -> Void) {
        let thread = Thread { [self] in
            run(deliver)
            finished.signal()
        }
        thread.name = "trackside-replay"
        condition.lock()
        self.thread = thread
        condition.unlock()
        thread.start()
    }

    public func stop() {
        condition.lock()
        stopping = true
        let started = thread != nil
        condition.broadcast()
        condition.unlock()
        if started { finished.wait() }
    }

    private func run(_ deliver: @Sendable (FeedPayload) -> Void) {
        var n = 0
        while let (index, round, wallTime) = schedule.play(n) {
            guard sleep(until: wallTime) else { return }
            let file = recording.files[index]
            // An unreadable file is delivered empty, so it fails decoding like any bad fetch.
            let bytes = FileManager.default.contents(atPath: file.path) ?? Data()
            deliver(FeedPayload(feedID: file.feedID, format: file.format, bytes: bytes, origin: "replay:\(file.path)",
                                round: round))
            n += 1
        }
    }

    /// Waits until `wallTime`; false when stopped first.
    private func sleep(until wallTime: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !stopping {
            let now = Date().timeIntervalSince1970
            if now >= wallTime { return true }
            _ = condition.wait(until: Date(timeIntervalSince1970: wallTime))
        }
        return false
    }
}
