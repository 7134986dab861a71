extension VehicleState.Kind {
    /// The mode of a GTFS `route_type`: the basic types 0–12 and the extended (Hierarchical
    /// Vehicle Type) ones 100–1700; nil for types no vehicle of ours runs as (air, taxi, …).
    public init?(routeType: Int) {
        switch routeType {
        case 0, 900...999: self = .tram
        case 1, 401, 402, 500...699: self = .subway
        case 2, 100...199, 300...399, 400, 403, 404: self = .rail
        case 3, 200...299, 700...799: self = .bus
        case 4, 1000...1099, 1200...1299: self = .ferry
        case 5: self = .cableCar
        case 6, 1300...1399: self = .gondola
        case 7, 1400...1499: self = .funicular
        case 11, 800...899: self = .trolleybus
        case 12, 405: self = .monorail
        default: return nil
        }
    }

    /// Whether vehicles of this mode run in the street with other traffic and report GPS
    /// positions that are snapped, not placed along a track of their own.
    public var isRoadVehicle: Bool { self == .bus || self == .trolleybus }
}

extension VehicleState.Kind {
    /// The vehicles in plain English, for texts such as the demo alerts: `trains`, `buses`.
    public var pluralNoun: String {
        switch self {
        case .subway, .rail, .monorail, .funicular: "trains"
        case .tram: "trams"
        case .bus: "buses"
        case .trolleybus: "trolleybuses"
        case .ferry: "ferries"
        case .cableCar: "cable cars"
        case .gondola: "gondolas"
        }
    }
}
