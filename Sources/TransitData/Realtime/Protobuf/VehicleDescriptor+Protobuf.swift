// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.VehicleDescriptor: ProtobufMessage {
    public static var protobufName: String { "VehicleDescriptor" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "id"
        case 2: "label"
        case 3: "license_plate"
        case 4: "wheelchair_accessible"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var id: String? = nil
        var label: String? = nil
        var licensePlate: String? = nil
        var wheelchairAccessible: GTFSRealtime.VehicleDescriptor.WheelchairAccessible? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                id = try reader.string(tag)
            case 2:
                label = try reader.string(tag)
            case 3:
                licensePlate = try reader.string(tag)
            case 4:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.VehicleDescriptor.WheelchairAccessible.self) { wheelchairAccessible = value }
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            id: id,
            label: label,
            licensePlate: licensePlate,
            wheelchairAccessible: wheelchairAccessible
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(id, field: 1)
        writer.write(label, field: 2)
        writer.write(licensePlate, field: 3)
        writer.write(wheelchairAccessible, field: 4)
    }
}
