import TransitData
import TransitEngine

// A stream entry's wire form: protobuf, read with TransitData's bounds-checked `ProtobufReader`
// (the one the feeds go through, fuzzed). Compact where it matters — varints, doubles as eight
// bytes, no member names — and tolerant across versions: a field an older edge does not know
// is skipped, so engines and edges can be upgraded one at a time.

extension PublishedTick {
    /// Why bytes read from the stream are not an entry; the edge then reloads from a keyframe.
    public enum DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
        case tooLarge(bytes: Int, limit: Int)
        case tooMany(String, count: Int, limit: Int)
        case malformed(ProtobufDecodingError)

        public var description: String {
            switch self {
            case .tooLarge(let bytes, let limit): "stream entry of \(bytes) bytes is over the \(limit)-byte limit"
            case .tooMany(let what, let count, let limit): "stream entry lists \(count) \(what), over the limit of \(limit)"
            case .malformed(let error): "stream entry is malformed: \(error)"
            }
        }
    }

    /// The entry's bytes.
    public var encoded: [UInt8] {
        let relayed = (payloads + documents).reduce(0) { $0 + $1.bytes.count + 128 }
        var writer = ProtobufWriter(reservingCapacity: 256 + vehicles.count * 200 + relayed)
        WireTick(entry: self).encode(to: &writer)
        return writer.bytes
    }

    /// Decodes an entry within `limits`: the byte count first, then the counts of vehicles,
    /// removals, alerts and feeds before any of them is decoded.
    public init(decoding bytes: [UInt8], limits: PublishedTickLimits = PublishedTickLimits()) throws(DecodingError) {
        guard bytes.count <= limits.maximumBytes else {
            throw .tooLarge(bytes: bytes.count, limit: limits.maximumBytes)
        }
        let counted: Result<Void, DecodingError> = bytes.withUnsafeBytes { buffer in
            let reader = ProtobufReader(buffer)
            for (field, what, limit) in [(7, "vehicles", limits.maximumVehicles), (8, "removals", limits.maximumVehicles),
                                         (11, "feeds", limits.maximumFeeds), (12, "payloads", limits.maximumPayloads),
                                         (13, "documents", limits.maximumPayloads)] {
                let count = reader.count(ofField: field)
                if count > limit { return .failure(.tooMany(what, count: count, limit: limit)) }
            }
            return .success(())
        }
        try counted.get()
        let wire: WireTick
        do {
            wire = try WireTick(protobuf: bytes, maximumDepth: 8)
        } catch {
            throw .malformed(error)
        }
        if let alerts = wire.entry.alerts, alerts.count > limits.maximumAlerts {
            throw .tooMany("alerts", count: alerts.count, limit: limits.maximumAlerts)
        }
        self = wire.entry
    }
}

/// `PublishedTick` as a protobuf message.
struct WireTick: Sendable {
    var entry: PublishedTick
}

extension WireTick: ProtobufMessage {
    static var protobufName: String { "PublishedTick" }

    static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "epoch"
        case 2: "seq"
        case 3: "term"
        case 4: "tick_time"
        case 5: "feed_time"
        case 6: "keyframe"
        case 7: "vehicles"
        case 8: "removals"
        case 9: "alerts"
        case 10: "alerts_stale"
        case 11: "feeds"
        case 12: "payloads"
        case 13: "documents"
        case 15: "end"
        default: nil
        }
    }

    init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var epoch: String?, seq: UInt64?, term: UInt64 = 0, tickTime: Double?, feedTime: Double?
        var keyframe = false, alertsStale = false, ended: Bool?
        var vehicles: [VehicleState] = [], removals: [String] = [], alerts: [PublishedAlert]?, feeds: [FeedStatus] = []
        var payloads: [RelayedPayload] = [], documents: [RelayedPayload] = []
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1: epoch = try reader.string(tag)
            case 2: seq = try reader.uint64(tag)
            case 3: term = try reader.uint64(tag)
            case 4: tickTime = try reader.double(tag)
            case 5: feedTime = try reader.double(tag)
            case 6: keyframe = try reader.bool(tag)
            case 7: vehicles.append(try reader.message(tag, as: StreamVehicle.self).state)
            case 8: removals.append(try reader.string(tag))
            case 9: alerts = try reader.message(tag, as: WireAlerts.self).alerts
            case 10: alertsStale = try reader.bool(tag)
            case 11: feeds.append(try reader.message(tag, as: WireFeedStatus.self).status)
            case 12: payloads.append(try reader.message(tag, as: WireRelayedPayload.self).payload)
            case 13: documents.append(try reader.message(tag, as: WireRelayedPayload.self).payload)
            case 15: ended = try reader.bool(tag)
            default: try reader.skip(tag)
            }
        }
        // A cut between two fields would still parse: the end mark, written last, says nothing is missing.
        _ = try reader.required(ended == true ? () : nil, 15, of: Self.self)
        entry = PublishedTick(epoch: try reader.required(epoch, 1, of: Self.self), seq: try reader.required(seq, 2, of: Self.self),
                            term: term, tickTime: try reader.required(tickTime, 4, of: Self.self), feedTime: feedTime,
                            isKeyframe: keyframe, vehicles: vehicles, removals: removals, alerts: alerts,
                            alertsStale: alertsStale, feedStatus: feeds, payloads: payloads, documents: documents)
    }

    func encode(to writer: inout ProtobufWriter) {
        writer.write(entry.epoch, field: 1)
        writer.write(entry.seq, field: 2)
        writer.write(entry.term, field: 3)
        writer.write(entry.tickTime, field: 4)
        writer.write(entry.feedTime, field: 5)
        writer.write(entry.isKeyframe ? true : nil, field: 6)
        writer.write(entry.vehicles.map(StreamVehicle.init), field: 7)
        writer.write(entry.removals, field: 8)
        writer.write(entry.alerts.map(WireAlerts.init), field: 9)
        writer.write(entry.alertsStale ? true : nil, field: 10)
        writer.write(entry.feedStatus.map(WireFeedStatus.init), field: 11)
        writer.write(entry.payloads.map(WireRelayedPayload.init), field: 12)
        writer.write(entry.documents.map(WireRelayedPayload.init), field: 13)
        writer.write(true, field: 15)
    }
}

/// The alerts in force: present (possibly empty) when they changed, absent when not.
struct WireAlerts: Sendable {
    var alerts: [PublishedAlert]
}

extension WireAlerts: ProtobufMessage {
    static var protobufName: String { "StreamAlerts" }
    static func protobufFieldName(_ number: Int) -> String? { number == 1 ? "alert" : nil }

    init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var alerts: [PublishedAlert] = []
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            if tag.number == 1 { alerts.append(try reader.message(tag, as: WireAlert.self).alert) } else { try reader.skip(tag) }
        }
        self.alerts = alerts
    }

    func encode(to writer: inout ProtobufWriter) {
        writer.write(alerts.map(WireAlert.init), field: 1)
    }
}

/// One published alert: its id, who receives it and its wire JSON, as the engine serialised it.
struct WireAlert: Sendable {
    var alert: PublishedAlert
}

extension WireAlert: ProtobufMessage {
    static var protobufName: String { "StreamAlert" }

    static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "id"
        case 2: "routes"
        case 3: "stations"
        case 4: "json"
        default: nil
        }
    }

    init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var id: String?, routes: [String] = [], stations: [String] = [], json: [UInt8]?
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1: id = try reader.string(tag)
            case 2: routes.append(try reader.string(tag))
            case 3: stations.append(try reader.string(tag))
            case 4: json = try reader.bytes(tag)
            default: try reader.skip(tag)
            }
        }
        alert = PublishedAlert(id: try reader.required(id, 1, of: Self.self), routes: routes, stations: stations,
                               json: try reader.required(json, 4, of: Self.self))
    }

    func encode(to writer: inout ProtobufWriter) {
        writer.write(alert.id, field: 1)
        writer.write(alert.routes, field: 2)
        writer.write(alert.stations, field: 3)
        writer.write(alert.json, field: 4)
    }
}

/// One feed's health as the engine's tick judged it.
struct WireFeedStatus: Sendable {
    var status: FeedStatus
}

extension WireFeedStatus: ProtobufMessage {
    static var protobufName: String { "StreamFeedStatus" }

    static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "id"
        case 2: "age"
        case 3: "stale"
        case 4: "failure"
        case 5: "accepted"
        case 6: "duplicates"
        case 7: "failures"
        case 8: "stale_after"
        case 9: "last_failure"
        case 10: "last_failure_at"
        default: nil
        }
    }

    init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var id: String?, age: Double?, stale = false, failure: String?, accepted: UInt64 = 0, duplicates: UInt64 = 0
        var failures: UInt64 = 0, staleAfter = 90.0, lastFailure: String?, lastFailureAt: Double?
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1: id = try reader.string(tag)
            case 2: age = try reader.double(tag)
            case 3: stale = try reader.bool(tag)
            case 4: failure = try reader.string(tag)
            case 5: accepted = try reader.uint64(tag)
            case 6: duplicates = try reader.uint64(tag)
            case 7: failures = try reader.uint64(tag)
            case 8: staleAfter = try reader.double(tag)
            case 9: lastFailure = try reader.string(tag)
            case 10: lastFailureAt = try reader.double(tag)
            default: try reader.skip(tag)
            }
        }
        status = FeedStatus(id: try reader.required(id, 1, of: Self.self), age: age, isStale: stale, failure: failure,
                            accepted: Int(clamping: accepted), duplicates: Int(clamping: duplicates),
                            failures: Int(clamping: failures), staleAfter: staleAfter, lastFailure: lastFailure,
                            lastFailureAt: lastFailureAt)
    }

    func encode(to writer: inout ProtobufWriter) {
        writer.write(status.id, field: 1)
        writer.write(status.age, field: 2)
        writer.write(status.isStale ? true : nil, field: 3)
        writer.write(status.failure, field: 4)
        writer.write(UInt64(max(0, status.accepted)), field: 5)
        writer.write(UInt64(max(0, status.duplicates)), field: 6)
        writer.write(UInt64(max(0, status.failures)), field: 7)
        writer.write(status.staleAfter, field: 8)
        writer.write(status.lastFailure, field: 9)
        writer.write(status.lastFailureAt, field: 10)
    }
}
