import TransitData
import TransitEngine

extension ElevatorStatus {
    /// `{"id","kind","serving","description","ada","status":"in_service"|"out_of_service"|"unknown","reason","since","until","source","stale"}`;
    /// `description`, `reason`, `since`, `until` and `source` are omitted when unknown.
    public func writeJSON(stale: Bool, to json: inout JSONWriter) {
        json.object { o in
            o.key("id"); o.value(equipment.id)
            o.key("kind"); o.value(equipment.kind.rawValue)
            o.key("serving"); o.value(equipment.serving)
            if let description = equipment.shortDescription { o.key("description"); o.value(description) }
            o.key("ada"); o.value(equipment.isADA)
            o.key("status"); o.value(!inService ? "out_of_service" : isReported ? "in_service" : "unknown")
            if let reason { o.key("reason"); o.value(reason) }
            if let since { o.key("since"); o.value(since.rounded(.down), decimals: 0) }
            if let until { o.key("until"); o.value(until.rounded(.down), decimals: 0) }
            if let source { o.key("source"); o.value(source.rawValue) }
            o.key("stale"); o.value(stale)
        }
    }
}

extension SubwayEntrance {
    /// `{"type","entry","exit","step_free","lat","lon"}`.
    public func writeMembers(to o: inout JSONWriter) {
        o.key("type"); o.value(type)
        o.key("entry"); o.value(entryAllowed)
        o.key("exit"); o.value(exitAllowed)
        o.key("step_free"); o.value(isStepFree)
    }
}
