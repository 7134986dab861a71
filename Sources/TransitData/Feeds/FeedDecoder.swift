import Foundation

/// The one way feed bytes become a decoded feed: bytes (gzip or not) plus a declared or
/// sniffed format in; a GTFS-realtime vehicles or alerts message, or a SIRI delivery, out.
/// Ingest, replay ordering and every command (`decode`, `place`, `arrivals`, `alerts`,
/// `record`) go through it, so they sniff, inflate and limit alike.
public enum FeedDecoder {
    /// What the bytes are said to be.
    public enum Format: String, Sendable {
        /// Sniffed (`sniff`); a GTFS-realtime message is then an alerts feed when every entity
        /// is an alert (`RealtimeFeedKind.detect`), else a vehicles feed.
        case auto
        /// GTFS-realtime with the NYCT subway trips extension.
        case vehicles
        /// GTFS-realtime with the MTA Mercury alerts extension.
        case alerts
        /// MTA Bus Time SIRI, JSON or XML.
        case siri
    }

    /// A decoded feed.
    public enum Document: Sendable {
        case vehicles(GTFSRealtime.FeedMessage)
        case alerts(GTFSRealtime.FeedMessage)
        case siri(SIRIServiceDelivery)
    }

    /// Why bytes are not a feed, as one line.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String

        public init(_ description: String) {
            self.description = description
        }
    }

    /// What inflated feed bytes are, by their first bytes (`sniff`).
    public enum Syntax: Sendable {
        case protobuf, siri
    }

    /// The largest feed accepted, in bytes, before and after decompression: SIRI's document
    /// limit, for every format (the largest real feeds, Bus Time's all-lines VehicleMonitoring,
    /// are a few MB; NYCT's subway feeds well under one).
    public static let limit = SIRIDecoder.maximumDocumentSize

    /// Whether inflated feed bytes are GTFS-realtime or SIRI. The protobuf rule comes first: a
    /// `FeedMessage` starts with its required header, field 1, byte 0x0A — which is also a
    /// newline, so a JSON or XML sniffer alone would skip it and read a header whose length
    /// byte is 0x7B (`{`) or 0x3C (`<`) as a SIRI document. Anything else that does not start
    /// (after a byte-order mark and white space) with `{`, `[` or `<` is tried as protobuf too.
    public static func sniff(_ bytes: Data) -> Syntax {
        if bytes.first == 0x0A { return .protobuf }
        return SIRIDecoder.syntax(of: bytes) == nil ? .protobuf : .siri
    }

    /// Decodes `data` (gzip accepted) as `format`; `.auto` sniffs. A document sniffed as
    /// protobuf that fails as protobuf but looks like SIRI (a newline, then `{` or `<`) is tried
    /// as SIRI before failing with both reasons.
    public static func decode(_ data: Data, as format: Format = .auto, limit: Int = limit) throws(Failure) -> Document {
        let bytes = try inflate(data, limit: limit)
        switch format {
        case .siri:
            return try siri(bytes, limit: limit)
        case .vehicles, .alerts:
            return try realtime(bytes, as: format == .alerts ? .alerts : .vehicles)
        case .auto:
            guard sniff(bytes) == .protobuf else { return try siri(bytes, limit: limit) }
            let plain = [UInt8](bytes)
            do {
                return try realtime(bytes, as: RealtimeFeedKind.detect(plain))
            } catch {
                // A SIRI document may start with a newline, 0x0A too.
                guard SIRIDecoder.syntax(of: bytes) != nil else { throw error }
                do {
                    return try siri(bytes, limit: limit)
                } catch let siriError {
                    throw Failure("\(error); read as SIRI: \(siriError)")
                }
            }
        }
    }

    /// Decodes `data` (gzip accepted) as a GTFS-realtime message of `kind`.
    public static func decodeRealtime(_ data: Data, kind: RealtimeFeedKind, limit: Int = limit) throws(Failure) -> GTFSRealtime.FeedMessage {
        try message(inflate(data, limit: limit), kind: kind)
    }

    /// Decodes `data` (gzip accepted) as the MTA's elevator and escalator outage feed (JSON), its
    /// local times in `timeZone`: the same inflation and limit as every other feed.
    public static func decodeEquipmentOutages(_ data: Data, timeZone: TimeZone, limit: Int = limit) throws(Failure) -> EquipmentOutages {
        let bytes = try inflate(data, limit: limit)
        do {
            return try EquipmentOutages(json: bytes, timeZone: timeZone)
        } catch {
            throw Failure(error.description)
        }
    }

    /// `data` inflated when gzipped, both sizes within `limit`.
    private static func inflate(_ data: Data, limit: Int) throws(Failure) -> Data {
        guard data.count <= limit else { throw Failure("\(data.count) bytes exceed the limit of \(limit)") }
        do {
            return try Inflate.gunzipIfNeeded(data, limit: limit)
        } catch {
            throw Failure("\(error)")
        }
    }

    private static func message(_ bytes: Data, kind: RealtimeFeedKind) throws(Failure) -> GTFSRealtime.FeedMessage {
        do {
            return try GTFSRealtime.FeedMessage(protobuf: [UInt8](bytes), extensions: kind.extensions)
        } catch {
            throw Failure("\(error)")
        }
    }

    private static func realtime(_ bytes: Data, as kind: RealtimeFeedKind) throws(Failure) -> Document {
        let decoded = try message(bytes, kind: kind)
        return kind == .alerts ? .alerts(decoded) : .vehicles(decoded)
    }

    private static func siri(_ bytes: Data, limit: Int) throws(Failure) -> Document {
        do {
            return .siri(try SIRIDecoder.decode(bytes, limit: limit))
        } catch {
            throw Failure("\(error)")
        }
    }
}
