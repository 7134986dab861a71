import Foundation

/// Every call of every trip (`stop_times.txt`) held compactly in memory, grouped by trip in
/// stop-sequence order.
///
/// Trip and stop ids are stored once each; a call is 16 bytes. The offline demo runs its
/// simulator from this (86k calls for the bundled 1/2 feed); for the full network prefer
/// streaming with `GTFSFeed.stopTimes()` when only one pass is needed.
public struct GTFSSchedule: Sendable {
    /// Trip ids, in order of first appearance in the file; a trip's index is its position here.
    public let tripIDs: [String]
    /// Stop ids, in order of first appearance; `GTFSScheduledCall.stopIndex` points here.
    public let stopIDs: [String]
    /// All calls, trip after trip, each trip's calls in increasing `stop_sequence`.
    public let calls: [GTFSScheduledCall]
    /// The positions in `calls` of the calls that serve no rider (`GTFSStopTime.servesRiders`).
    public let unservedCalls: IndexSet
    /// Where each trip's calls start in `calls`; one more entry than trips, the last being `calls.count`.
    private let tripStarts: [Int]
    private let tripIndexByID: [String: Int]

    /// An empty schedule (a feed without `stop_times.txt`).
    public init() {
        tripIDs = []
        stopIDs = []
        calls = []
        unservedCalls = []
        tripStarts = [0]
        tripIndexByID = [:]
    }

    /// Reads the remaining rows of `reader` into a schedule.
    ///
    /// Rows may come in any order; a trip that visits the same `stop_sequence` twice is an error.
    public init(reading reader: inout GTFSTableReader<GTFSStopTime>) throws {
        var tripIDs: [String] = []
        var tripIndexByID: [String: Int] = [:]
        var stopIDs: [String] = []
        var stopIndexByID: [String: Int32] = [:]
        var rows: [(trip: Int, call: GTFSScheduledCall)] = []
        // The few calls that serve no rider, by trip and stop_sequence (a row stays 24 bytes while loading).
        var unserved: Set<Int64> = []
        func key(_ trip: Int, _ sequence: Int32) -> Int64 { Int64(trip) << 32 | Int64(UInt32(bitPattern: sequence)) }
        var inOrder = true
        var lastTripID = ""
        var lastTrip = -1
        while let row = try reader.next() {
            // Rows of a trip are normally contiguous: reuse the previous row's trip index.
            if row.tripID != lastTripID || lastTrip < 0 {
                if let known = tripIndexByID[row.tripID] {
                    lastTrip = known
                    inOrder = false
                } else {
                    lastTrip = tripIDs.count
                    tripIndexByID[row.tripID] = lastTrip
                    tripIDs.append(row.tripID)
                }
                lastTripID = row.tripID
            }
            let stopIndex: Int32
            if let known = stopIndexByID[row.stopID] {
                stopIndex = known
            } else {
                stopIndex = Int32(stopIDs.count)
                stopIndexByID[row.stopID] = stopIndex
                stopIDs.append(row.stopID)
            }
            guard let sequence = Int32(exactly: row.stopSequence) else {
                throw CSVError(file: reader.header.file, line: reader.line, reason: "stop_sequence \(row.stopSequence) is out of range")
            }
            let call = GTFSScheduledCall(stopIndex: stopIndex, stopSequence: sequence, arrival: row.arrival, departure: row.departure)
            if let previous = rows.last, previous.trip == lastTrip, previous.call.stopSequence >= sequence {
                inOrder = false
            }
            if !row.servesRiders { unserved.insert(key(lastTrip, sequence)) }
            rows.append((lastTrip, call))
        }
        if !inOrder {
            rows.sort { ($0.trip, $0.call.stopSequence) < ($1.trip, $1.call.stopSequence) }
        }
        var starts = [Int](repeating: 0, count: tripIDs.count + 1)
        for (position, row) in rows.enumerated() {
            if position > 0, rows[position - 1].trip == row.trip, rows[position - 1].call.stopSequence == row.call.stopSequence {
                throw GTFSLoadError("stop_times: trip '\(tripIDs[row.trip])' has stop_sequence \(row.call.stopSequence) twice")
            }
            starts[row.trip + 1] += 1
        }
        for trip in tripIDs.indices {
            starts[trip + 1] += starts[trip]
        }
        self.tripIDs = tripIDs
        self.stopIDs = stopIDs
        self.calls = rows.map(\.call)
        unservedCalls = unserved.isEmpty ? []
            : IndexSet(rows.indices.filter { unserved.contains(key(rows[$0].trip, rows[$0].call.stopSequence)) })
        self.tripStarts = starts
        self.tripIndexByID = tripIndexByID
    }

    /// The calls of trip `id` in stop order, or nil when the schedule has no such trip.
    public func calls(ofTrip id: String) -> ArraySlice<GTFSScheduledCall>? {
        tripIndexByID[id].map { calls(ofTripAt: $0) }
    }

    /// The calls of the trip at `index` in `tripIDs`, in stop order.
    public func calls(ofTripAt index: Int) -> ArraySlice<GTFSScheduledCall> {
        calls[tripStarts[index]..<tripStarts[index + 1]]
    }

    /// The stop id of `call`.
    public func stopID(of call: GTFSScheduledCall) -> String {
        stopIDs[Int(call.stopIndex)]
    }
}

extension GTFSFeed {
    /// All of `stop_times.txt` in compact form; empty when the feed has none.
    public func loadSchedule() throws -> GTFSSchedule {
        guard var reader = try stopTimes() else { return GTFSSchedule() }
        return try GTFSSchedule(reading: &reader)
    }
}
