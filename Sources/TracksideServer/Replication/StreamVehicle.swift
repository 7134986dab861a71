import TransitData
import TransitEngine

/// A vehicle state in a stream entry, in protobuf's wire form: every member, doubles as their bit
/// patterns, so an edge writes byte for byte the JSON the engine would.
struct StreamVehicle: Sendable {
    var state: VehicleState
}

extension StreamVehicle: ProtobufMessage {
    static var protobufName: String { "StreamVehicle" }

    static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "id"
        case 2: "kind"
        case 3: "route"
        case 4: "trip"
        case 5: "direction"
        case 6: "headsign"
        case 7: "latitude"
        case 8: "longitude"
        case 9: "bearing"
        case 10: "status"
        case 11: "stop"
        case 12: "next_stop"
        case 13: "motion"
        case 14: "age"
        case 15: "source"
        case 16: "flags"
        case 17: "feed_timestamp"
        case 18: "route_short_name"
        case 19: "route_color"
        case 20: "route_text_color"
        default: nil
        }
    }

    init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var id: String?, kind: VehicleState.Kind?, route: String?, trip: String?, direction: String?, headsign: String?
        var latitude: Double?, longitude: Double?, bearing: Double?, status: VehicleState.Status?
        var stop: String?, nextStop: String?
        var motion: StreamMotion?, age: Double?, source: VehicleState.Source?, flags: UInt8 = 0, feedTimestamp: UInt64?
        var label = RouteLabel()
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1: id = try reader.string(tag)
            // An unknown mode, status or source stays nil and is refused as missing below.
            case 2: kind = VehicleState.Kind(rawValue: try reader.string(tag))
            case 3: route = try reader.string(tag)
            case 4: trip = try reader.string(tag)
            case 5: direction = try reader.string(tag)
            case 6: headsign = try reader.string(tag)
            case 7: latitude = try reader.double(tag)
            case 8: longitude = try reader.double(tag)
            case 9: bearing = try reader.double(tag)
            case 10: status = VehicleState.Status(rawValue: try reader.string(tag))
            case 11: stop = try reader.string(tag)
            case 12: nextStop = try reader.string(tag)
            case 13: motion = try reader.message(tag, as: StreamMotion.self)
            case 14: age = try reader.double(tag)
            case 15: source = VehicleState.Source(rawValue: try reader.string(tag))
            case 16: flags = UInt8(truncatingIfNeeded: try reader.uint64(tag))
            case 17: feedTimestamp = try reader.uint64(tag)
            case 18: label.shortName = try reader.string(tag)
            case 19: label.color = try reader.string(tag)
            case 20: label.textColor = try reader.string(tag)
            default: try reader.skip(tag)
            }
        }
        state = VehicleState(id: try reader.required(id, 1, of: Self.self), kind: try reader.required(kind, 2, of: Self.self),
                  route: try reader.required(route, 3, of: Self.self), label: label == RouteLabel() ? nil : label, trip: trip, direction: direction,
                  headsign: headsign,
                  position: Coordinate(latitude: try reader.required(latitude, 7, of: Self.self),
                                       longitude: try reader.required(longitude, 8, of: Self.self)),
                  bearing: try reader.required(bearing, 9, of: Self.self),
                  status: try reader.required(status, 10, of: Self.self), stop: stop, nextStop: nextStop,
                  motion: motion?.segment, age: try reader.required(age, 14, of: Self.self),
                  source: try reader.required(source, 15, of: Self.self), flags: VehicleState.Flags(rawValue: flags),
                  feedTimestamp: try reader.required(feedTimestamp, 17, of: Self.self))
    }

    func encode(to writer: inout ProtobufWriter) {
        writer.write(state.id, field: 1)
        writer.write(state.kind.rawValue, field: 2)
        writer.write(state.route, field: 3)
        writer.write(state.trip, field: 4)
        writer.write(state.direction, field: 5)
        writer.write(state.headsign, field: 6)
        writer.write(state.position.latitude, field: 7)
        writer.write(state.position.longitude, field: 8)
        writer.write(state.bearing, field: 9)
        writer.write(state.status.rawValue, field: 10)
        writer.write(state.stop, field: 11)
        writer.write(state.nextStop, field: 12)
        writer.write(state.motion.map(StreamMotion.init), field: 13)
        writer.write(state.age, field: 14)
        writer.write(state.source.rawValue, field: 15)
        writer.write(state.flags.rawValue == 0 ? nil : UInt64(state.flags.rawValue), field: 16)
        writer.write(state.feedTimestamp, field: 17)
        writer.write(state.label?.shortName, field: 18)
        writer.write(state.label?.color, field: 19)
        writer.write(state.label?.textColor, field: 20)
    }
}

/// A moving vehicle's motion segment in a stream entry.
struct StreamMotion: Sendable {
    var segment: VehicleState.MotionSegment
}

extension StreamMotion: ProtobufMessage {
    static var protobufName: String { "StreamMotion" }

    static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "latitudes"
        case 2: "longitudes"
        case 3: "start_time"
        case 4: "end_time"
        default: nil
        }
    }

    init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var latitudes: [Double] = [], longitudes: [Double] = []
        var startTime: Double?, endTime: Double?
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1: try reader.repeated(tag, unpacked: .fixed64, into: &latitudes) { reader, tag throws(ProtobufDecodingError) in try reader.double(tag) }
            case 2: try reader.repeated(tag, unpacked: .fixed64, into: &longitudes) { reader, tag throws(ProtobufDecodingError) in try reader.double(tag) }
            case 3: startTime = try reader.double(tag)
            case 4: endTime = try reader.double(tag)
            default: try reader.skip(tag)
            }
        }
        // Every point needs both halves: a longitude short is refused as missing.
        _ = try reader.required(latitudes.count == longitudes.count ? () : nil, 2, of: Self.self)
        segment = VehicleState.MotionSegment(path: zip(latitudes, longitudes).map { Coordinate(latitude: $0, longitude: $1) },
                  startTime: try reader.required(startTime, 3, of: Self.self),
                  endTime: try reader.required(endTime, 4, of: Self.self))
    }

    func encode(to writer: inout ProtobufWriter) {
        for point in segment.path { writer.write(point.latitude, field: 1) }
        for point in segment.path { writer.write(point.longitude, field: 2) }
        writer.write(segment.startTime, field: 3)
        writer.write(segment.endTime, field: 4)
    }
}
