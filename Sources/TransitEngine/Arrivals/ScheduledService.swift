import Foundation
import TransitData

/// When the timetable next serves a stop: the first scheduled departure after an instant, per
/// route and direction, from `stop_times.txt` and the calendar, in the agency's time zone. A
/// board without predictions for a line says with it when that line's service resumes ("No
/// trains until 5:32 AM" after the last train of the night).
///
/// Departures are kept per stop as 12-byte values sorted by time of day; which services run on
/// a date is the caller's rule (`servicesOn`: the feed's calendar, or the demo simulator's, which
/// runs the same weekday of the feed's weeks outside its range), so the night state agrees with
/// the trains that source runs. Pure: the schedule, the calendar rule and the instant in.
///
/// The same walk keeps, per service, the spans from each trip's first departure to its last
/// arrival, which say whether any trip is under way (`isBetweenTrips(at:)`): a publisher's
/// vehicle feed that lists nothing is taken for broken while a trip should be running, and
/// believed between trips (a network without night service at 3 AM).
public struct ScheduledService: Sendable {
    /// One scheduled departure (a call's departure time, else its arrival) at a stop.
    struct Departure: Sendable {
        var secondsOfServiceDay: Int32
        var service: Int32
        var line: Int32
    }

    /// A frequency-based trip's departures at a stop in one `frequencies.txt` window: every run start of the
    /// window plus the stop's offset in the template, found by arithmetic rather than listed.
    struct FrequencyDepartures: Sendable {
        /// Seconds from the template's first departure to this stop's.
        var offset: Int32
        var window: GTFSFrequency
        var service: Int32
        var line: Int32

        /// The first of these departures later than `seconds` into the service day, in seconds into it.
        func first(after seconds: Double) -> Double? {
            let start = Double(window.startTime.secondsSinceServiceDayStart), headway = Double(window.headway)
            let runAfter = seconds - Double(offset)
            let run = runAfter < start ? 0 : ((runAfter - start) / headway).rounded(.down) + 1
            let departure = start + run * headway
            return departure < Double(window.endTime.secondsSinceServiceDayStart) ? departure + Double(offset) : nil
        }
    }

    /// The first departure after the instant asked for, of one route in one direction.
    public struct Next: Hashable, Sendable {
        public var routeID: String
        public var direction: String
        /// Seconds since the Unix epoch.
        public var time: Double

        public init(routeID: String, direction: String, time: Double) {
            self.routeID = routeID
            self.direction = direction
            self.time = time
        }
    }

    /// How many service days ahead are searched (a weekend-only line on a Monday night is found).
    public static let daysAhead = 8

    /// How many cancelled runs in a row of one frequency window the search passes over before it
    /// gives that window up for the day.
    static let cancelledRunsPassed = 32

    private let departuresByStop: [String: [Departure]]
    private let frequencyDeparturesByStop: [String: [FrequencyDepartures]]
    private let services: [String]
    /// Per service (its index in `services`), the merged spans of its trips in seconds of the service day, sorted.
    private let spans: [[ClosedRange<Int32>]]
    private let lines: [(routeID: String, direction: String)]
    private let timeZone: TimeZone
    private let servicesOn: @Sendable (GTFSDate) -> Set<String>

    /// `schedule`'s calls of `trips` (their route and service), each call's direction named as the boards name it
    /// (NYC's platform suffix, else the trip's label in `network`); `servicesOn` gives the services running on a
    /// date. A call of a trip missing from `trips` is left out. A trip `frequencies` has windows for departs at
    /// every run of its windows (its stop_times a template), never at its template's own times, and is under way
    /// from its window's first run to its last run's arrival.
    public init(schedule: GTFSSchedule, trips: [GTFSTrip], frequencies: [GTFSFrequency] = [], network: Network, timeZone: TimeZone,
                servicesOn: @escaping @Sendable (GTFSDate) -> Set<String>) {
        let windows = Dictionary(grouping: frequencies, by: \.tripID)
        var frequencyByStop: [String: [FrequencyDepartures]] = [:]
        let tripsByID = Dictionary(trips.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var serviceIndex: [String: Int32] = [:]
        var services: [String] = []
        var lineIndex: [String: Int32] = [:]
        var lines: [(routeID: String, direction: String)] = []
        var byStop: [String: [Departure]] = [:]
        var spans: [[ClosedRange<Int32>]] = []
        for index in schedule.tripIDs.indices {
            guard let trip = tripsByID[schedule.tripIDs[index]] else { continue }
            let service = serviceIndex[trip.serviceID] ?? {
                let next = Int32(services.count)
                services.append(trip.serviceID)
                spans.append([])
                serviceIndex[trip.serviceID] = next
                return next
            }()
            let calls = schedule.calls(ofTripAt: index)
            let times = calls.compactMap { ($0.departure ?? $0.arrival)?.secondsSinceServiceDayStart }
            let origin = times.first ?? 0
            if let first = times.min(), let last = times.max() {
                if let windows = windows[trip.id] {
                    for window in windows where window.startTime.secondsSinceServiceDayStart <= window.endTime.secondsSinceServiceDayStart {
                        spans[Int(service)].append(window.startTime.secondsSinceServiceDayStart
                                                   ... window.endTime.secondsSinceServiceDayStart + (last - first))
                    }
                } else {
                    spans[Int(service)].append(first...last)
                }
            }
            // A trip's last call is its arrival at the terminal: nobody departs on it.
            for call in calls.dropLast() {
                guard let time = call.departure ?? call.arrival else { continue }
                let stopID = schedule.stopID(of: call)
                guard let heading = network.profile.direction(ofPlatform: stopID) ?? network.trips[trip.id]?.direction else { continue }
                let key = "\(trip.routeID)\u{1F}\(heading)"
                let line = lineIndex[key] ?? {
                    let next = Int32(lines.count)
                    lines.append((trip.routeID, heading))
                    lineIndex[key] = next
                    return next
                }()
                if let windows = windows[trip.id] {
                    for window in windows {
                        frequencyByStop[stopID, default: []].append(FrequencyDepartures(
                            offset: time.secondsSinceServiceDayStart - origin, window: window, service: service, line: line))
                    }
                } else {
                    byStop[stopID, default: []].append(Departure(secondsOfServiceDay: time.secondsSinceServiceDayStart,
                                                                  service: service, line: line))
                }
            }
        }
        for stop in byStop.keys { byStop[stop]!.sort { $0.secondsOfServiceDay < $1.secondsOfServiceDay } }
        departuresByStop = byStop
        frequencyDeparturesByStop = frequencyByStop
        self.services = services
        self.spans = spans.map(Self.merged)
        self.lines = lines
        self.timeZone = timeZone
        self.servicesOn = servicesOn
    }

    /// Whether the timetable has any departure at all (a feed without stop_times has none).
    public var isEmpty: Bool { departuresByStop.isEmpty && frequencyDeparturesByStop.isEmpty }

    /// The first scheduled departure after `now` at any of `stops`, per route and direction
    /// (sorted by route, then direction), leaving out the lines `except` names (a board's lines
    /// with predictions) and the departures `cancelled` names; lines without a departure in the
    /// next `daysAhead` service days are absent.
    public func next(at stops: [String], after now: Double, except: Set<String> = [],
                     cancelled: CancelledDepartures = CancelledDepartures()) -> [Next] {
        let departures = stops.compactMap { departuresByStop[$0] }
        let frequent = stops.compactMap { frequencyDeparturesByStop[$0] }.flatMap { $0 }
        guard !departures.isEmpty || !frequent.isEmpty else { return [] }
        var wanted = Set<Int32>()
        for list in departures {
            for departure in list where !except.contains(Self.key(lines[Int(departure.line)])) { wanted.insert(departure.line) }
        }
        for departures in frequent where !except.contains(Self.key(lines[Int(departures.line)])) { wanted.insert(departures.line) }
        var found: [Int32: Double] = [:]
        // The lines with a cancelled departure here, by index, so the walk below builds no key per departure.
        let cancelledLines = Dictionary(uniqueKeysWithValues: wanted.compactMap { line -> (Int32, String)? in
            let key = Self.key(lines[Int(line)])
            return cancelled.byLine[key] == nil ? nil : (line, key)
        })
        func isCancelled(_ line: Int32, at time: Double) -> Bool {
            cancelledLines[line].map { cancelled.contains(line: $0, at: time) } ?? false
        }
        let today = GTFSDate(Date(timeIntervalSince1970: now), in: timeZone)
        // Yesterday's service day too: its times past 24:00 run tonight. A later day can still hold an earlier
        // departure than one found (a trip at 25:10 against the next day's 00:40), so the search stops only once
        // every line is found before the next day starts.
        for offset in -1...Self.daysAhead {
            let day = today.adding(days: offset)
            if found.count == wanted.count, let latest = found.values.max(),
               latest <= day.serviceDayStart(in: timeZone).timeIntervalSince1970 { break }
            let runningIndexes = runningServices(on: day)
            guard !runningIndexes.isEmpty else { continue }
            let dayStart = day.serviceDayStart(in: timeZone).timeIntervalSince1970
            let after = now - dayStart
            for list in departures {
                var index = Self.firstIndex(in: list, after: after)
                while index < list.count {
                    let departure = list[index]
                    index += 1
                    let time = dayStart + Double(departure.secondsOfServiceDay)
                    guard wanted.contains(departure.line), runningIndexes.contains(departure.service),
                          found[departure.line].map({ time < $0 }) ?? true, !isCancelled(departure.line, at: time) else { continue }
                    found[departure.line] = time
                }
            }
            for departures in frequent where wanted.contains(departures.line) && runningIndexes.contains(departures.service) {
                // A cancelled run is passed over for the next; a feed cancels a bounded number of runs.
                var seconds = departures.first(after: after)
                for _ in 0..<Self.cancelledRunsPassed {
                    guard let found = seconds, isCancelled(departures.line, at: dayStart + found) else { break }
                    seconds = departures.first(after: found)
                }
                guard let seconds, !isCancelled(departures.line, at: dayStart + seconds) else { continue }
                let time = dayStart + seconds
                if found[departures.line].map({ time < $0 }) ?? true { found[departures.line] = time }
            }
        }
        return found.map { Next(routeID: lines[Int($0.key)].routeID, direction: lines[Int($0.key)].direction, time: $0.value) }
            .sorted { ($0.routeID, $0.direction) < ($1.routeID, $1.direction) }
    }

    /// Whether the timetable runs that day but has no trip under way at `instant` (seconds since
    /// the Unix epoch): some service with trips runs on the service day `instant` falls in, and no
    /// trip of that day's or the day before's services (its times past 24:00 run tonight) is
    /// between its first departure and its last arrival. False when the calendar runs nothing that
    /// day: an expired or future timetable cannot tell a quiet night from a broken feed.
    public func isBetweenTrips(at instant: Double) -> Bool {
        let today = GTFSDate(Date(timeIntervalSince1970: instant), in: timeZone)
        let runningToday = runningServices(on: today)
        guard runningToday.contains(where: { !spans[Int($0)].isEmpty }) else { return false }
        for offset in -1...0 {
            let day = today.adding(days: offset)
            let seconds = instant - day.serviceDayStart(in: timeZone).timeIntervalSince1970
            guard seconds >= 0, seconds <= Double(Int32.max) else { continue }
            let second = Int32(seconds)
            let running = offset == 0 ? runningToday : runningServices(on: day)
            if running.contains(where: { spans[Int($0)].contains { $0.contains(second) } }) { return false }
        }
        return true
    }

    /// The indexes of the services `servicesOn` runs on `day` that have trips here.
    private func runningServices(on day: GTFSDate) -> Set<Int32> {
        let running = servicesOn(day)
        guard !running.isEmpty else { return [] }
        return Set(services.indices.filter { running.contains(services[$0]) }.map(Int32.init))
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

    /// The key `except` names a line by: route and direction.
    public static func key(_ line: (routeID: String, direction: String)) -> String {
        "\(line.routeID)\u{1F}\(line.direction)"
    }

    /// The index of the first departure later than `seconds` into the service day (binary search).
    private static func firstIndex(in list: [Departure], after seconds: Double) -> Int {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if Double(list[middle].secondsOfServiceDay) <= seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
