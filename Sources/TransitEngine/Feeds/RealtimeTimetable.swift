import Foundation
import TransitData

/// The static timetable trip updates are read against, by the GTFS-realtime reference's rules.
///
/// Many agencies send a trip update with one stop time event, often the stop just passed, and a
/// `delay`: the reference says that delay holds for every later stop until the next one given, on
/// the trip's scheduled times. `predictions(trip:updates:feedTime:)` turns such an update into a
/// prediction for every stop from the first one given to the end of the trip, so the vehicle
/// moves between stops by time and every stop ahead gets an arrival.
///
/// - A stop time event's `time` is used as given; without one, the scheduled time plus its
///   `delay`, else plus the delay carried from the stop before (an arrival without a delay takes
///   the departure's of the stop before; a departure without one takes its own stop's arrival's).
/// - `SKIPPED` stops are left out and the delay is carried across them; `NO_DATA` stops are left
///   out and nothing is carried past them until the next stop given.
/// - Updates are matched to the timetable by `stop_sequence`, else by `stop_id` in order.
/// - The service day is the trip's `start_date`, else the one (yesterday, today, tomorrow in the
///   agency's zone) on which the trip's scheduled run is nearest the feed's time; a `start_time`
///   (frequency-based and `DUPLICATED` trips) shifts the whole timetable to start then.
/// - A frequency-based trip's update without the `start_time` the reference requires is read as
///   the run its first stop time event with a `time` puts there: the run starting that much
///   before it, on the service day one of the trip's `frequencies.txt` windows holds it, and, where
///   the window has `exact_times` 1, the nearest of its scheduled run starts (a run up to a
///   headway outside its window still belongs to it). Without such an
///   event the run is unknown and the update is not read against the timetable (never as the
///   template's own times, which no run keeps).
public struct RealtimeTimetable: Sendable {
    public let schedule: GTFSSchedule
    public let timeZone: TimeZone
    /// `frequencies.txt`'s windows by trip id: the frequency-based trips.
    public let frequencies: [String: [GTFSFrequency]]

    public init(schedule: GTFSSchedule, timeZone: TimeZone, frequencies: [GTFSFrequency] = []) {
        self.schedule = schedule
        self.timeZone = timeZone
        self.frequencies = Dictionary(grouping: frequencies, by: \.tripID)
    }

    /// Whether the timetable has trip `id`.
    public func hasTrip(_ id: String) -> Bool { schedule.calls(ofTrip: id) != nil }

    /// Predictions for every stop of `trip` from the first `updates` gives onwards, by the rules
    /// above; nil when the timetable does not have the trip (an `ADDED` trip keeps the feed's own
    /// times) or no update matches one of its stops.
    ///
    /// `tripDelay` (the trip update's own `delay`; 0 for a `DUPLICATED` copy, which runs its
    /// timetable from its start time) holds from the first stop until the first stop an update
    /// gives, as the reference says of trip-level delays; with it, a trip needs no stop update.
    public func predictions(trip: GTFSRealtime.TripDescriptor, updates: [GTFSRealtime.TripUpdate.StopTimeUpdate],
                            tripDelay: Double? = nil, feedTime: Double) -> [StopTimePrediction]? {
        guard let tripID = trip.tripId, let slice = schedule.calls(ofTrip: tripID), !slice.isEmpty else { return nil }
        let calls = Array(slice)
        guard let origin = calls.lazy.compactMap({ ($0.departure ?? $0.arrival)?.secondsSinceServiceDayStart }).first,
              let end = calls.lazy.reversed().compactMap({ ($0.arrival ?? $0.departure)?.secondsSinceServiceDayStart }).first
        else { return nil }

        // Which call each update is about.
        var matched: [Int: GTFSRealtime.TripUpdate.StopTimeUpdate] = [:]
        var searchFrom = 0
        for update in updates {
            let index: Int?
            if let sequence = update.stopSequence {
                index = calls.firstIndex { $0.stopSequence == Int32(clamping: sequence) }
            } else if let stopID = update.stopId {
                index = calls[searchFrom...].firstIndex { schedule.stopID(of: $0) == stopID }
            } else {
                index = nil
            }
            guard let index else { continue }
            matched[index] = update
            searchFrom = index + 1
        }
        // Where the trip's timetable starts: its service day, shifted to the run's start.
        let dayStart: Double
        if trip.startTime == nil, let windows = frequencies[tripID], !windows.isEmpty {
            guard let run = run(of: windows, calls: calls, origin: origin, matched: matched, startDate: trip.startDate, near: feedTime) else { return nil }
            dayStart = run.dayStart + Double(run.start - origin)
        } else {
            let shift = trip.startTime.flatMap(GTFSTime.init).map { Double($0.secondsSinceServiceDayStart - origin) } ?? 0
            dayStart = serviceDayStart(startDate: trip.startDate, from: Double(origin) + shift, to: Double(end) + shift,
                                       near: feedTime) + shift
        }

        guard let first = tripDelay == nil ? matched.keys.min() : 0 else { return nil }

        var predictions: [StopTimePrediction] = []
        predictions.reserveCapacity(calls.count - first)
        var carried = tripDelay
        for index in first..<calls.count {
            let call = calls[index]
            let scheduledArrival = (call.arrival ?? call.departure).map { dayStart + Double($0.secondsSinceServiceDayStart) }
            let scheduledDeparture = (call.departure ?? call.arrival).map { dayStart + Double($0.secondsSinceServiceDayStart) }
            guard let update = matched[index] else {
                if let carried {
                    predictions.append(StopTimePrediction(stopID: schedule.stopID(of: call),
                                                          arrival: scheduledArrival.map { $0 + carried },
                                                          departure: scheduledDeparture.map { $0 + carried }, delay: carried))
                }
                continue
            }
            switch update.scheduleRelationship {
            case .noData?:
                carried = nil
                continue
            case .skipped?:
                continue
            default:
                break
            }
            let arrival = Self.time(of: update.arrival, scheduled: scheduledArrival, carried: carried)
            let arrivalDelay = Self.difference(arrival, scheduledArrival) ?? carried
            let departure = Self.time(of: update.departure, scheduled: scheduledDeparture, carried: arrivalDelay)
            carried = Self.difference(departure, scheduledDeparture) ?? arrivalDelay
            guard arrival != nil || departure != nil else { continue }
            predictions.append(StopTimePrediction(stopID: update.stopId.flatMap { $0.isEmpty ? nil : $0 } ?? schedule.stopID(of: call),
                                                  arrival: arrival, departure: departure, delay: arrivalDelay ?? carried))
        }
        return predictions
    }

    /// The run of a frequency-based trip an update without `start_time` is about: its start (seconds
    /// into its service day) and that day's start, from the first matched event with a `time`.
    private func run(of windows: [GTFSFrequency], calls: [GTFSScheduledCall], origin: Int32,
                     matched: [Int: GTFSRealtime.TripUpdate.StopTimeUpdate], startDate: String?,
                     near feedTime: Double) -> (start: Int32, dayStart: Double)? {
        let timed = matched.keys.sorted().lazy.compactMap { index -> Double? in
            let call = calls[index], update = matched[index]!
            if let time = FeedTime.seconds(update.arrival?.time), let at = call.arrival ?? call.departure {
                return time - Double(at.secondsSinceServiceDayStart - origin)
            }
            if let time = FeedTime.seconds(update.departure?.time), let at = call.departure ?? call.arrival {
                return time - Double(at.secondsSinceServiceDayStart - origin)
            }
            return nil
        }
        guard let runStart = timed.first else { return nil }
        let today = GTFSDate(Date(timeIntervalSince1970: feedTime), in: timeZone)
        let days = startDate.flatMap(GTFSDate.init).map { [$0] } ?? [0, -1, 1].map { today.adding(days: $0) }
        for day in days {
            let dayStart = day.serviceDayStart(in: timeZone).timeIntervalSince1970
            let start = runStart - dayStart
            for window in windows {
                let first = Double(window.startTime.secondsSinceServiceDayStart), last = Double(window.endTime.secondsSinceServiceDayStart)
                // A run late or early by up to a headway still belongs to its window.
                let slack = Double(window.headway)
                guard start >= first - slack, start < last + slack else { continue }
                return (window.exactTimes ? window.runStart(nearest: start) : Int32(start.rounded()), dayStart)
            }
        }
        return nil
    }

    /// `time - scheduled` when both are known: the delay at a stop.
    private static func difference(_ time: Double?, _ scheduled: Double?) -> Double? {
        guard let time, let scheduled else { return nil }
        return time - scheduled
    }

    /// An event's time: as given, else scheduled plus its delay or the delay carried.
    private static func time(of event: GTFSRealtime.TripUpdate.StopTimeEvent?, scheduled: Double?, carried: Double?) -> Double? {
        if let time = FeedTime.seconds(event?.time) { return time }
        guard let scheduled else { return nil }
        if let delay = event?.delay { return scheduled + Double(delay) }
        return carried.map { scheduled + $0 }
    }

    /// The start of the service day the trip runs on (`from`…`to` seconds into it): its
    /// `start_date`, else the day around `feedTime` on which that run lies nearest.
    private func serviceDayStart(startDate: String?, from: Double, to: Double, near feedTime: Double) -> Double {
        if let date = startDate.flatMap(GTFSDate.init) {
            return date.serviceDayStart(in: timeZone).timeIntervalSince1970
        }
        let today = GTFSDate(Date(timeIntervalSince1970: feedTime), in: timeZone)
        func distance(_ start: Double) -> Double { max(0, start + from - feedTime, feedTime - start - to) }
        return [-1, 0, 1].map { today.adding(days: $0).serviceDayStart(in: timeZone).timeIntervalSince1970 }
            .min { distance($0) < distance($1) }!
    }
}
