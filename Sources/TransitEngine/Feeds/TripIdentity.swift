import TransitData

/// What tells one realtime trip from another in a feed: the trip id, the service day it
/// started on, its start time (a frequency-based or `DUPLICATED` trip runs one trip id several
/// times a day), and the NYCT train id (the physical train running it).
///
/// GTFS-realtime identifies a trip by `trip_id` and `start_date`; NYCT adds the train: on
/// 2024-01-20 the N/Q/R/W feed ran trip `115200_N..S` as two trains at once, one from Ditmars
/// Blvd and one from 96 St, each with its own trip update and vehicle position.
struct TripIdentity {
    var tripID: String
    var startDate: String?
    var startTime: String?
    var trainID: String?

    /// Nil for a descriptor without a trip id, which cannot be joined to anything.
    init?(_ trip: GTFSRealtime.TripDescriptor) {
        guard let tripID = trip.tripId, !tripID.isEmpty else { return nil }
        self.tripID = tripID
        startDate = trip.startDate.flatMap { $0.isEmpty ? nil : $0 }
        startTime = trip.startTime.flatMap { $0.isEmpty ? nil : $0 }
        trainID = trip.nyctTripDescriptor?.trainId.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The trip id followed by the train id and start date where known, for telling apart
    /// trains that share a trip id: `115200_N..S 1N 1912 962/STL 20240120`; without a train id,
    /// the start date and time: `CITY1 20070604 06:20:00`.
    var qualifiedID: String {
        ([tripID] + [trainID, startDate, trainID == nil ? startTime : nil].compactMap { $0 }).joined(separator: " ")
    }
}

extension TripIdentity: Hashable {}

extension TripIdentity: Comparable {
    static func < (lhs: TripIdentity, rhs: TripIdentity) -> Bool {
        (lhs.tripID, lhs.trainID ?? "", lhs.startDate ?? "", lhs.startTime ?? "")
            < (rhs.tripID, rhs.trainID ?? "", rhs.startDate ?? "", rhs.startTime ?? "")
    }
}
