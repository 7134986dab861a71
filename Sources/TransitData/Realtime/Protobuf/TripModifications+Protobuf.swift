// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.TripModifications: ProtobufMessage {
    public static var protobufName: String { "TripModifications" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "selected_trips"
        case 2: "start_times"
        case 3: "service_dates"
        case 4: "modifications"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var selectedTrips: [GTFSRealtime.TripModifications.SelectedTrips] = []
        var startTimes: [String] = []
        var serviceDates: [String] = []
        var modifications: [GTFSRealtime.TripModifications.Modification] = []
        selectedTrips.reserveCapacity(reader.count(ofField: 1))
        modifications.reserveCapacity(reader.count(ofField: 4))
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                selectedTrips.append(try reader.message(tag, as: GTFSRealtime.TripModifications.SelectedTrips.self))
            case 2:
                startTimes.append(try reader.string(tag))
            case 3:
                serviceDates.append(try reader.string(tag))
            case 4:
                modifications.append(try reader.message(tag, as: GTFSRealtime.TripModifications.Modification.self))
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            selectedTrips: selectedTrips,
            startTimes: startTimes,
            serviceDates: serviceDates,
            modifications: modifications
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(selectedTrips, field: 1)
        writer.write(startTimes, field: 2)
        writer.write(serviceDates, field: 3)
        writer.write(modifications, field: 4)
    }
}

extension GTFSRealtime.TripModifications.Modification: ProtobufMessage {
    public static var protobufName: String { "Modification" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "start_stop_selector"
        case 2: "end_stop_selector"
        case 3: "propagated_modification_delay"
        case 4: "replacement_stops"
        case 5: "service_alert_id"
        case 6: "last_modified_time"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var startStopSelector = ProtobufOccurrences()
        var endStopSelector = ProtobufOccurrences()
        var propagatedModificationDelay: Int32? = nil
        var replacementStops: [GTFSRealtime.ReplacementStop] = []
        var serviceAlertId: String? = nil
        var lastModifiedTime: UInt64? = nil
        replacementStops.reserveCapacity(reader.count(ofField: 4))
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                startStopSelector.record(try reader.embeddedBytes(tag), of: tag)
            case 2:
                endStopSelector.record(try reader.embeddedBytes(tag), of: tag)
            case 3:
                propagatedModificationDelay = try reader.int32(tag)
            case 4:
                replacementStops.append(try reader.message(tag, as: GTFSRealtime.ReplacementStop.self))
            case 5:
                serviceAlertId = try reader.string(tag)
            case 6:
                lastModifiedTime = try reader.uint64(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            startStopSelector: try reader.message(startStopSelector, as: GTFSRealtime.StopSelector.self),
            endStopSelector: try reader.message(endStopSelector, as: GTFSRealtime.StopSelector.self),
            propagatedModificationDelay: propagatedModificationDelay,
            replacementStops: replacementStops,
            serviceAlertId: serviceAlertId,
            lastModifiedTime: lastModifiedTime
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(startStopSelector, field: 1)
        writer.write(endStopSelector, field: 2)
        writer.write(propagatedModificationDelay, field: 3)
        writer.write(replacementStops, field: 4)
        writer.write(serviceAlertId, field: 5)
        writer.write(lastModifiedTime, field: 6)
    }
}

extension GTFSRealtime.TripModifications.SelectedTrips: ProtobufMessage {
    public static var protobufName: String { "SelectedTrips" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "trip_ids"
        case 2: "shape_id"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var tripIds: [String] = []
        var shapeId: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                tripIds.append(try reader.string(tag))
            case 2:
                shapeId = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            tripIds: tripIds,
            shapeId: shapeId
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(tripIds, field: 1)
        writer.write(shapeId, field: 2)
    }
}

extension GTFSRealtime.StopSelector: ProtobufMessage {
    public static var protobufName: String { "StopSelector" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "stop_sequence"
        case 2: "stop_id"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var stopSequence: UInt32? = nil
        var stopId: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                stopSequence = try reader.uint32(tag)
            case 2:
                stopId = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            stopSequence: stopSequence,
            stopId: stopId
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(stopSequence, field: 1)
        writer.write(stopId, field: 2)
    }
}

extension GTFSRealtime.ReplacementStop: ProtobufMessage {
    public static var protobufName: String { "ReplacementStop" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "travel_time_to_stop"
        case 2: "stop_id"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var travelTimeToStop: Int32? = nil
        var stopId: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                travelTimeToStop = try reader.int32(tag)
            case 2:
                stopId = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            travelTimeToStop: travelTimeToStop,
            stopId: stopId
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(travelTimeToStop, field: 1)
        writer.write(stopId, field: 2)
    }
}
