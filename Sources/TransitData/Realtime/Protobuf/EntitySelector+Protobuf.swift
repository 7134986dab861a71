// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.EntitySelector: ProtobufMessage {
    public static var protobufName: String { "EntitySelector" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "agency_id"
        case 2: "route_id"
        case 3: "route_type"
        case 4: "trip"
        case 5: "stop_id"
        case 6: "direction_id"
        case 1001: "mercury_entity_selector"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var agencyId: String? = nil
        var routeId: String? = nil
        var routeType: Int32? = nil
        var trip = ProtobufOccurrences()
        var stopId: String? = nil
        var directionId: UInt32? = nil
        var mercuryEntitySelector = ProtobufOccurrences()
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                agencyId = try reader.string(tag)
            case 2:
                routeId = try reader.string(tag)
            case 3:
                routeType = try reader.int32(tag)
            case 4:
                trip.record(try reader.embeddedBytes(tag), of: tag)
            case 5:
                stopId = try reader.string(tag)
            case 6:
                directionId = try reader.uint32(tag)
            case 1001 where reader.extensions.contains(GTFSRealtime.MercuryEntitySelector.self, extending: Self.self, number: 1001):
                mercuryEntitySelector.record(try reader.embeddedBytes(tag), of: tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            agencyId: agencyId,
            routeId: routeId,
            routeType: routeType,
            trip: try reader.message(trip, as: GTFSRealtime.TripDescriptor.self),
            stopId: stopId,
            directionId: directionId,
            mercuryEntitySelector: try reader.message(mercuryEntitySelector, as: GTFSRealtime.MercuryEntitySelector.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(agencyId, field: 1)
        writer.write(routeId, field: 2)
        writer.write(routeType, field: 3)
        writer.write(trip, field: 4)
        writer.write(stopId, field: 5)
        writer.write(directionId, field: 6)
        writer.write(mercuryEntitySelector, field: 1001)
    }
}
