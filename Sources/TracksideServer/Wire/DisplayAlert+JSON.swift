import TransitData
import TransitEngine

extension DisplayAlert {
    /// Writes the wire form: text segments are a list of strings (text) and `{"route":"A"}`
    /// objects; times are seconds since the Unix epoch; an open period bound is omitted.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { o in
            o.key("id"); o.value(id)
            if let type { o.key("type"); o.value(type) }
            o.key("planned"); o.value(isPlanned)
            o.key("when"); o.value(when.rawValue)
            o.key("header"); o.value(header)
            o.key("header_segments"); Self.write(headerSegments, to: &o)
            if let description {
                o.key("description"); o.value(description)
                o.key("description_segments"); Self.write(descriptionSegments, to: &o)
            }
            o.key("routes"); o.array { list in for route in routes { list.value(route) } }
            o.key("stations"); o.array { list in for station in stations { list.value(station) } }
            o.key("active_periods")
            o.array { list in
                for period in activePeriods {
                    list.object { p in
                        if let start = period.start { p.key("start"); p.value(start) }
                        if let end = period.end { p.key("end"); p.value(end) }
                    }
                }
            }
            if let createdAt { o.key("created_at"); o.value(createdAt) }
            if let updatedAt { o.key("updated_at"); o.value(updatedAt) }
            if sourceIDs != [id] {
                o.key("source_ids"); o.array { list in for source in sourceIDs { list.value(source) } }
            }
        }
    }

    private static func write(_ segments: [AlertTextSegment], to json: inout JSONWriter) {
        json.array { list in
            for segment in segments {
                switch segment {
                case .text(let text): list.value(text)
                case .route(let route): list.object { r in r.key("route"); r.value(route) }
                }
            }
        }
    }
}
