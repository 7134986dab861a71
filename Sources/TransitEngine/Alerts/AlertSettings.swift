import Foundation

/// Choices in turning feed alerts into display alerts.
public struct AlertSettings: Sendable {
    /// The agency's zone, for "later today" and "tomorrow".
    public var timeZone: TimeZone
    /// MTA publishes a timetabled "No Scheduled Service" alert for every route that does not
    /// run at some hour (the B at night, the Z off-peak…). It is news to nobody, so it is
    /// hidden unless this is set.
    public var showsNoScheduledService: Bool

    public init(timeZone: TimeZone = TimeZone(identifier: "America/New_York")!, showsNoScheduledService: Bool = false) {
        self.timeZone = timeZone
        self.showsNoScheduledService = showsNoScheduledService
    }
}
