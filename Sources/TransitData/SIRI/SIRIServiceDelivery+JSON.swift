import Foundation

extension SIRIServiceDelivery {
    /// Writes the decoded model as compact JSON (the output of `trackside decode --kind siri`).
    ///
    /// Keys are the model's names in snake case; times are seconds since the Unix epoch with
    /// millisecond precision; bearings are compass degrees; absent values are omitted.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { o in
            if let responseTimestamp { o.key("response_timestamp"); o.time(responseTimestamp) }
            if let validUntil { o.key("valid_until"); o.time(validUntil) }
            o.key("vehicles")
            o.array { list in
                for activity in vehicleActivities {
                    list.object { v in
                        if let recordedAtTime = activity.recordedAtTime { v.key("recorded_at"); v.time(recordedAtTime) }
                        activity.journey.writeMembers(to: &v)
                    }
                }
            }
            o.key("stop_visits")
            o.array { list in
                for visit in stopVisits {
                    list.object { v in
                        if let monitoringRef = visit.monitoringRef { v.key("monitoring_ref"); v.value(monitoringRef) }
                        if let recordedAtTime = visit.recordedAtTime { v.key("recorded_at"); v.time(recordedAtTime) }
                        visit.journey.writeMembers(to: &v)
                    }
                }
            }
            o.key("situations")
            o.array { list in
                for situation in situations { situation.writeJSON(to: &list) }
            }
            if !errorConditions.isEmpty {
                o.key("error_conditions")
                o.array { list in for condition in errorConditions { list.value(condition) } }
            }
            o.key("skipped")
            o.array { list in for issue in skipped { list.value(issue.description) } }
        }
    }

    /// The JSON form as a string.
    public var json: String {
        var writer = JSONWriter(reservingCapacity: 1024 * (vehicleActivities.count + stopVisits.count + 1))
        writeJSON(to: &writer)
        return writer.string
    }
}

extension SIRIVehicleJourney {
    /// Writes the journey's members into the object being written.
    func writeMembers(to o: inout JSONWriter) {
        o.key("line_ref"); o.value(lineRef)
        o.key("route_id"); o.value(routeID)
        o.key("vehicle_ref"); o.value(vehicleRef)
        o.optional("direction_ref", directionRef)
        o.optional("data_frame_ref", dataFrameRef)
        o.optional("dated_vehicle_journey_ref", datedVehicleJourneyRef)
        o.optional("journey_pattern_ref", journeyPatternRef)
        o.optional("published_line_name", publishedLineName)
        o.optional("operator_ref", operatorRef)
        o.optional("origin_ref", originRef)
        o.optional("destination_ref", destinationRef)
        o.optional("destination_name", destinationName)
        if !situationRefs.isEmpty {
            o.key("situation_refs")
            o.array { list in for reference in situationRefs { list.value(reference) } }
        }
        if let monitored { o.key("monitored"); o.value(monitored) }
        if let latitude, let longitude {
            o.key("lat"); o.value(latitude, decimals: 6)
            o.key("lon"); o.value(longitude, decimals: 6)
        }
        if let bearing { o.key("bearing"); o.value(bearing, decimals: 2) }
        o.optional("progress_rate", progressRate)
        o.optional("progress_status", progressStatus)
        if let originAimedDepartureTime { o.key("origin_aimed_departure"); o.time(originAimedDepartureTime) }
        o.optional("block_ref", blockRef)
        if let monitoredCall { o.key("monitored_call"); monitoredCall.writeJSON(to: &o) }
        if !onwardCalls.isEmpty {
            o.key("onward_calls")
            o.array { list in for call in onwardCalls { call.writeJSON(to: &list) } }
        }
    }
}

extension SIRICall {
    func writeJSON(to json: inout JSONWriter) {
        json.object { c in
            c.key("stop_point_ref"); c.value(stopPointRef)
            c.optional("stop_point_name", stopPointName)
            if let visitNumber { c.key("visit_number"); c.value(visitNumber) }
            if let aimedArrivalTime { c.key("aimed_arrival"); c.time(aimedArrivalTime) }
            if let expectedArrivalTime { c.key("expected_arrival"); c.time(expectedArrivalTime) }
            if let expectedDepartureTime { c.key("expected_departure"); c.time(expectedDepartureTime) }
            if let distances {
                if let along = distances.callDistanceAlongRoute { c.key("call_distance_along_route"); c.value(along, decimals: 2) }
                if let from = distances.distanceFromCall { c.key("distance_from_call"); c.value(from, decimals: 2) }
                c.optional("presentable_distance", distances.presentableDistance)
                if let stops = distances.stopsFromCall { c.key("stops_from_call"); c.value(stops) }
            }
        }
    }
}

extension SIRISituation {
    func writeJSON(to json: inout JSONWriter) {
        json.object { s in
            s.key("situation_number"); s.value(situationNumber)
            if let creationTime { s.key("creation_time"); s.time(creationTime) }
            if let publicationStart { s.key("publication_start"); s.time(publicationStart) }
            if let publicationEnd { s.key("publication_end"); s.time(publicationEnd) }
            s.optional("severity", severity)
            s.optional("summary", summary)
            s.optional("description", description)
            s.key("affected")
            s.array { list in
                for journey in affected {
                    list.object { a in
                        a.key("line_ref"); a.value(journey.lineRef)
                        a.optional("direction_ref", journey.directionRef)
                    }
                }
            }
            if !conditions.isEmpty {
                s.key("conditions")
                s.array { list in for condition in conditions { list.value(condition) } }
            }
        }
    }
}

private extension JSONWriter {
    /// `"key":"value"`, or nothing when the value is absent.
    mutating func optional(_ key: String, _ string: String?) {
        guard let string else { return }
        self.key(key)
        value(string)
    }

    /// A time as seconds since the Unix epoch, to the millisecond.
    mutating func time(_ date: Date) {
        value(date.timeIntervalSince1970, decimals: 3)
    }
}
