// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.VehiclePosition {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let trip { object.key("trip"); trip.writeJSON(to: &object) }
            if let vehicle { object.key("vehicle"); vehicle.writeJSON(to: &object) }
            if let position { object.key("position"); position.writeJSON(to: &object) }
            if let currentStopSequence { object.key("current_stop_sequence"); object.value(currentStopSequence) }
            if let stopId { object.key("stop_id"); object.value(stopId) }
            if let currentStatus { object.key("current_status"); object.value(currentStatus.protobufName) }
            if let timestamp { object.key("timestamp"); object.value(timestamp) }
            if let congestionLevel { object.key("congestion_level"); object.value(congestionLevel.protobufName) }
            if let occupancyStatus { object.key("occupancy_status"); object.value(occupancyStatus.protobufName) }
            if let occupancyPercentage { object.key("occupancy_percentage"); object.value(occupancyPercentage) }
            if !multiCarriageDetails.isEmpty {
                object.key("multi_carriage_details")
                object.array { array in for element in multiCarriageDetails { element.writeJSON(to: &array) } }
            }
        }
    }
}

extension GTFSRealtime.VehiclePosition.CarriageDetails {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let id { object.key("id"); object.value(id) }
            if let label { object.key("label"); object.value(label) }
            if let occupancyStatus { object.key("occupancy_status"); object.value(occupancyStatus.protobufName) }
            if let occupancyPercentage { object.key("occupancy_percentage"); object.value(occupancyPercentage) }
            if let carriageSequence { object.key("carriage_sequence"); object.value(carriageSequence) }
        }
    }
}
