/// Which extension registry a GTFS-realtime feed is decoded with.
///
/// The MTA's subway trips extension and its Mercury alerts extension both claim field 1001 of
/// `FeedHeader`, so no single registry can hold both; each feed is decoded with the one of its kind.
public enum RealtimeFeedKind: String, CaseIterable, Sendable {
    /// Trip updates and vehicle positions: the NYCT subway trips extension.
    case vehicles
    /// Service alerts: the MTA Mercury alerts extension.
    case alerts

    /// The extensions decoded for feeds of this kind.
    public var extensions: ProtobufExtensionRegistry {
        var registry = ProtobufExtensionRegistry()
        switch self {
        case .vehicles:
            registry.register(GTFSRealtime.NyctFeedHeader.self, extending: GTFSRealtime.FeedHeader.self, number: 1001)
            registry.register(GTFSRealtime.NyctTripDescriptor.self, extending: GTFSRealtime.TripDescriptor.self,
                              number: 1001)
            registry.register(GTFSRealtime.NyctStopTimeUpdate.self,
                              extending: GTFSRealtime.TripUpdate.StopTimeUpdate.self, number: 1001)
        case .alerts:
            registry.register(GTFSRealtime.MercuryFeedHeader.self, extending: GTFSRealtime.FeedHeader.self,
                              number: 1001)
            registry.register(GTFSRealtime.MercuryAlert.self, extending: GTFSRealtime.Alert.self, number: 1001)
            registry.register(GTFSRealtime.MercuryEntitySelector.self, extending: GTFSRealtime.EntitySelector.self,
                              number: 1001)
        }
        return registry
    }

    /// Guesses the kind of a feed from its content, without decoding it.
    ///
    /// A shallow scan of the top-level fields: a feed whose entities are all alerts (field 5 of
    /// `FeedEntity`, and no trip update or vehicle) is an alerts feed, anything else is a
    /// vehicles feed. The header's extension cannot decide on its own, since `nyct_subway_version`
    /// and `mercury_version` are both a string in field 1 of extension 1001. Bytes that do not
    /// scan cleanly are called `vehicles`; the real decode then reports the error.
    public static func detect(_ bytes: [UInt8]) -> RealtimeFeedKind {
        bytes.withUnsafeBytes { buffer in
            var feed = ProtobufReader(buffer)
            var sawAlert = false
            do {
                while !feed.isAtEnd {
                    let tag = try feed.readTag()
                    guard tag.number == 2, tag.wireType == .lengthDelimited else {
                        try feed.skip(tag)
                        continue
                    }
                    let entity = try feed.embeddedBytes(tag)
                    var reader = ProtobufReader(UnsafeRawBufferPointer(rebasing: buffer[entity]))
                    while !reader.isAtEnd {
                        let field = try reader.readTag()
                        switch field.number {
                        case 3, 4: return .vehicles
                        case 5: sawAlert = true
                        default: break
                        }
                        try reader.skip(field)
                    }
                }
            } catch {
                return .vehicles
            }
            return sawAlert ? .alerts : .vehicles
        }
    }
}
