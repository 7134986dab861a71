/// Where feeds come from: live pollers, the replay of a recording, the demo simulator.
///
/// A source delivers encoded payloads from its own thread; the server decodes them into the
/// feed store and runs a tick. Its clock says what time the feeds' world is in, so a replay
/// of 2019 places vehicles at 2019 times while clients see today's `ts`.
public protocol FeedSource: AnyObject, Sendable {
    /// `demo`, `mta` or `replay`: shown in `hello` and `/api/config`.
    var kind: String { get }
    /// The feeds this source is set up to deliver: `/readyz` waits for a good report of each.
    var expectedFeeds: [ExpectedFeed] { get }
    /// What the data is, for pages to label it honestly (`/api/config`).
    var summary: SourceSummary { get }
    /// The feeds' time (seconds since the Unix epoch) at a wall-clock time.
    func feedTime(atWallTime wallTime: Double) -> Double
    /// Starts delivering; `deliver` is called from the source's own thread, in order.
    func start(deliver: @escaping @Sendable (FeedPayload) -> Void)
    /// Stops delivering and waits for the source's thread to finish.
    func stop()
}
