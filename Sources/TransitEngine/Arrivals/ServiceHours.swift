import Foundation
import TransitData

/// When the timetable has a trip under way: the spans from each trip's first departure to its
/// last arrival, merged per service, and the calendar rule of which services run on a date.
///
/// A publisher's vehicle feed that lists nothing is taken for broken while a trip should be
/// running, and believed between trips (a network without night service at 3 AM). Pure: the
/// schedule, the calendar rule and the instant in. A frequency-based trip is under way from its
/// window's first run to its last run's arrival.
public struct ServiceHours: Sendable {
    /// Per service, the merged spans in seconds of the service day, sorted.
    private let spans: [String: [ClosedRange<Int32>]]
    private let timeZone: TimeZone
    private let servicesOn: @Sendable (GTFSDate) -> Set<String>

    public init(schedule: GTFSSchedule, trips: [GTFSTrip], frequencies: [GTFSFrequency] = [], timeZone: TimeZone,
                servicesOn: @escaping @Sendable (GTFSDate) -> Set<String>) {
        let services = Dictionary(trips.map { ($0.id, $0.serviceID) }, uniquingKeysWith: { first, _ in first })
        let windows = Dictionary(grouping: frequencies, by: \.tripID)
        var bySpan: [String: [ClosedRange<Int32>]] = [:]
        for index in schedule.tripIDs.indices {
            let id = schedule.tripIDs[index]
            guard let service = services[id] else { continue }
            let times = schedule.calls(ofTripAt: index).compactMap { ($0.departure ?? $0.arrival)?.secondsSinceServiceDayStart }
            guard let first = times.min(), let last = times.max() else { continue }
            if let windows = windows[id] {
                for window in windows where window.startTime.secondsSinceServiceDayStart <= window.endTime.secondsSinceServiceDayStart {
                    bySpan[service, default: []].append(window.startTime.secondsSinceServiceDayStart
                                                        ... window.endTime.secondsSinceServiceDayStart + (last - first))
                }
            } else {
                bySpan[service, default: []].append(first...last)
            }
        }
        spans = bySpan.mapValues(Self.merged)
        self.timeZone = timeZone
        self.servicesOn = servicesOn
    }

    /// Whether the timetable runs that day but has no trip under way at `instant` (seconds since
    /// the Unix epoch): some service with trips runs on the service day `instant` falls in, and no
    /// trip of that day's or the day before's services (its times past 24:00 run tonight) is
    /// between its first departure and its last arrival. False when the calendar runs nothing that
    /// day: an expired or future timetable cannot tell a quiet night from a broken feed.
    public func isBetweenTrips(at instant: Double) -> Bool {
        let today = GTFSDate(Date(timeIntervalSince1970: instant), in: timeZone)
        guard servicesOn(today).contains(where: { spans[$0] != nil }) else { return false }
        for offset in -1...0 {
            let day = today.adding(days: offset)
            let seconds = instant - day.serviceDayStart(in: timeZone).timeIntervalSince1970
            guard seconds >= 0, seconds <= Double(Int32.max) else { continue }
            let second = Int32(seconds)
            for service in servicesOn(day) where spans[service]?.contains(where: { $0.contains(second) }) == true {
                return false
            }
        }
        return true
    }

    /// `ranges` sorted, the overlapping ones joined.
    private static func merged(_ ranges: [ClosedRange<Int32>]) -> [ClosedRange<Int32>] {
        var joined: [ClosedRange<Int32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        return joined
    }
}
