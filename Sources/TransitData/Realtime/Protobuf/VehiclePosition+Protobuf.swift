// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.VehiclePosition: ProtobufMessage {
    public static var protobufName: String { "VehiclePosition" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "trip"
        case 8: "vehicle"
        case 2: "position"
        case 3: "current_stop_sequence"
        case 7: "stop_id"
        case 4: "current_status"
        case 5: "timestamp"
        case 6: "congestion_level"
        case 9: "occupancy_status"
        case 10: "occupancy_percentage"
        case 11: "multi_carriage_details"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var trip = ProtobufOccurrences()
        var vehicle = ProtobufOccurrences()
        var position = ProtobufOccurrences()
        var currentStopSequence: UInt32? = nil
        var stopId: String? = nil
        var currentStatus: GTFSRealtime.VehiclePosition.VehicleStopStatus? = nil
        var timestamp: UInt64? = nil
        var congestionLevel: GTFSRealtime.VehiclePosition.CongestionLevel? = nil
        var occupancyStatus: GTFSRealtime.VehiclePosition.OccupancyStatus? = nil
        var occupancyPercentage: UInt32? = nil
        var multiCarriageDetails: [GTFSRealtime.VehiclePosition.CarriageDetails] = []
        multiCarriageDetails.reserveCapacity(reader.count(ofField: 11))
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                trip.record(try reader.embeddedBytes(tag), of: tag)
            case 8:
                vehicle.record(try reader.embeddedBytes(tag), of: tag)
            case 2:
                position.record(try reader.embeddedBytes(tag), of: tag)
            case 3:
                currentStopSequence = try reader.uint32(tag)
            case 7:
                stopId = try reader.string(tag)
            case 4:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.VehiclePosition.VehicleStopStatus.self) { currentStatus = value }
            case 5:
                timestamp = try reader.uint64(tag)
            case 6:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.VehiclePosition.CongestionLevel.self) { congestionLevel = value }
            case 9:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.VehiclePosition.OccupancyStatus.self) { occupancyStatus = value }
            case 10:
                occupancyPercentage = try reader.uint32(tag)
            case 11:
                multiCarriageDetails.append(try reader.message(tag, as: GTFSRealtime.VehiclePosition.CarriageDetails.self))
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            trip: try reader.message(trip, as: GTFSRealtime.TripDescriptor.self),
            vehicle: try reader.message(vehicle, as: GTFSRealtime.VehicleDescriptor.self),
            position: try reader.message(position, as: GTFSRealtime.Position.self),
            currentStopSequence: currentStopSequence,
            stopId: stopId,
            currentStatus: currentStatus,
            timestamp: timestamp,
            congestionLevel: congestionLevel,
            occupancyStatus: occupancyStatus,
            occupancyPercentage: occupancyPercentage,
            multiCarriageDetails: multiCarriageDetails
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(trip, field: 1)
        writer.write(position, field: 2)
        writer.write(currentStopSequence, field: 3)
        writer.write(currentStatus, field: 4)
        writer.write(timestamp, field: 5)
        writer.write(congestionLevel, field: 6)
        writer.write(stopId, field: 7)
        writer.write(vehicle, field: 8)
        writer.write(occupancyStatus, field: 9)
        writer.write(occupancyPercentage, field: 10)
        writer.write(multiCarriageDetails, field: 11)
    }
}

extension GTFSRealtime.VehiclePosition.CarriageDetails: ProtobufMessage {
    public static var protobufName: String { "CarriageDetails" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "id"
        case 2: "label"
        case 3: "occupancy_status"
        case 4: "occupancy_percentage"
        case 5: "carriage_sequence"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var id: String? = nil
        var label: String? = nil
        var occupancyStatus: GTFSRealtime.VehiclePosition.OccupancyStatus? = nil
        var occupancyPercentage: Int32? = nil
        var carriageSequence: UInt32? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                id = try reader.string(tag)
            case 2:
                label = try reader.string(tag)
            case 3:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.VehiclePosition.OccupancyStatus.self) { occupancyStatus = value }
            case 4:
                occupancyPercentage = try reader.int32(tag)
            case 5:
                carriageSequence = try reader.uint32(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            id: id,
            label: label,
            occupancyStatus: occupancyStatus,
            occupancyPercentage: occupancyPercentage,
            carriageSequence: carriageSequence
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(id, field: 1)
        writer.write(label, field: 2)
        writer.write(occupancyStatus, field: 3)
        writer.write(occupancyPercentage, field: 4)
        writer.write(carriageSequence, field: 5)
    }
}
