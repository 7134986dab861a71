import Foundation
import TransitData

/// `RelayedPayload` as a protobuf message inside a stream entry. An unknown format, kind or
/// failure is refused as missing: an edge never guesses how to decode a document.
struct WireRelayedPayload: Sendable {
    var payload: RelayedPayload
}

extension WireRelayedPayload: ProtobufMessage {
    static var protobufName: String { "StreamPayload" }

    static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "feed_id"
        case 2: "format"
        case 3: "kind"
        case 4: "bytes"
        case 5: "origin"
        case 6: "round"
        case 7: "failure"
        case 8: "failure_description"
        case 9: "feed_time"
        case 10: "wall_time"
        case 11: "stale_after"
        case 12: "not_modified"
        case 13: "empty_is_truthful"
        default: nil
        }
    }

    init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var feedID: String?, format: FeedFormat?, kind: RealtimeFeedKind?, bytes: [UInt8] = [], origin = ""
        var round: UInt64 = 0, failure: FetchFailure.Kind??, description = "", notModified = false, emptyIsTruthful = false
        var feedTime: Double?, wallTime: Double?, staleAfter: Double?
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1: feedID = try reader.string(tag)
            case 2: format = FeedFormat(rawValue: try reader.string(tag))
            case 3: kind = RealtimeFeedKind(rawValue: try reader.string(tag))
            case 4: bytes = try reader.bytes(tag)
            case 5: origin = try reader.string(tag)
            case 6: round = try reader.uint64(tag)
            case 7: failure = .some(FetchFailure.Kind(wireName: try reader.string(tag)))
            case 8: description = try reader.string(tag)
            case 9: feedTime = try reader.double(tag)
            case 10: wallTime = try reader.double(tag)
            case 11: staleAfter = try reader.double(tag)
            case 12: notModified = try reader.bool(tag)
            case 13: emptyIsTruthful = try reader.bool(tag)
            default: try reader.skip(tag)
            }
        }
        let content: FeedPayload.Content
        if let failure {
            content = .failed(FetchFailure(try reader.required(failure, 7, of: Self.self), description))
        } else {
            content = notModified ? .notModified : .document
        }
        let delivered = FeedPayload(feedID: try reader.required(feedID, 1, of: Self.self),
                                    format: try reader.required(format, 2, of: Self.self),
                                    kind: try reader.required(kind, 3, of: Self.self), bytes: Data(), origin: origin,
                                    round: Int(clamping: round), content: content,
                                    emptyIsTruthful: emptyIsTruthful)
        var payload = RelayedPayload(delivered, feedTime: try reader.required(feedTime, 9, of: Self.self),
                                     wallTime: try reader.required(wallTime, 10, of: Self.self),
                                     staleAfter: try reader.required(staleAfter, 11, of: Self.self))
        payload.bytes = bytes
        self.payload = payload
    }

    func encode(to writer: inout ProtobufWriter) {
        writer.write(payload.feedID, field: 1)
        writer.write(payload.format.rawValue, field: 2)
        writer.write(payload.kind.rawValue, field: 3)
        writer.write(payload.bytes.isEmpty ? nil : payload.bytes, field: 4)
        writer.write(payload.origin, field: 5)
        writer.write(payload.round == 0 ? nil : UInt64(max(0, payload.round)), field: 6)
        switch payload.content {
        case .document: break
        case .notModified: writer.write(true, field: 12)
        case .failed(let failure):
            writer.write(failure.kind.wireName, field: 7)
            writer.write(failure.description, field: 8)
        }
        writer.write(payload.feedTime, field: 9)
        writer.write(payload.wallTime, field: 10)
        writer.write(payload.staleAfter, field: 11)
        if payload.emptyIsTruthful { writer.write(true, field: 13) }
    }
}

extension FetchFailure.Kind {
    /// The failure's name on the stream: `http-503`, `timeout`, `network`, `empty-body`.
    var wireName: String {
        switch self {
        case .httpStatus(let status): "http-\(status)"
        case .timeout: "timeout"
        case .network: "network"
        case .emptyBody: "empty-body"
        }
    }

    /// The failure named `wireName`; nil for a name this version does not know.
    init?(wireName: String) {
        switch wireName {
        case "timeout": self = .timeout
        case "network": self = .network
        case "empty-body": self = .emptyBody
        default:
            guard wireName.hasPrefix("http-"), let status = Int(wireName.dropFirst(5)), (100...999).contains(status) else {
                return nil
            }
            self = .httpStatus(status)
        }
    }
}
