import Foundation
import TransitEngine

/// A parsed and validated client → server message (docs/PROTOCOL.md).
public enum ClientRequest: Equatable, Sendable {
    /// Replace the connection's view.
    case subscribe(ViewRequest)
    /// Continue from `seq` of `epoch` after a reconnect, showing `view` as before.
    case resume(epoch: String, seq: UInt64, view: ViewRequest)
    /// Push arrivals and alerts of a station when they change. A bus stop is watched the same
    /// way (`"bus_stop"` in place of `"station"`): stations and bus stops share one id space
    /// (NYC's are disjoint; on a clash the station is meant).
    case watch(station: String)
    case unwatch(station: String)
    /// Push the alerts of a route when they change.
    case watchRoute(route: String)
    case unwatchRoute(route: String)
    /// Push the vehicle's card (its state and the stops ahead) when it changes, and once when it
    /// leaves the feeds.
    case watchVehicle(vehicle: String)
    case unwatchVehicle(vehicle: String)

    /// The part of the map and the vehicles a client asks for.
    public struct ViewRequest: Equatable, Sendable {
        public var box: BoundingBox
        public var filter: VehicleFilter
        /// Asked for as `"region":"all"`: the whole network, wherever its vehicles are. Its box is `BoundingBox.world`,
        /// so it is the view a world-sized `bbox` gives (same tiles, same frames); only the budget's refusal words differ.
        public var wholeNetwork: Bool

        public init(box: BoundingBox, filter: VehicleFilter = .all) {
            self.box = box
            self.filter = filter
            wholeNetwork = false
        }

        /// Validates the members of a subscribe/resume message (or the REST query): exactly one of `bbox` (four
        /// numbers) and `region` (`"all"`, the whole network), and the optional filters.
        public init(bbox values: [Double]?, region: String? = nil, layers: [String]?, routes: [String]?) throws(PushRequestError) {
            switch (values, region) {
            case (let values?, nil):
                box = try ClientRequest.box(values)
                wholeNetwork = false
            case (nil, let region?):
                guard region == Self.wholeNetworkName else {
                    throw PushRequestError(.badRequest, "region must be \"\(Self.wholeNetworkName)\" (the whole network); for part of it send a bbox")
                }
                box = .world
                wholeNetwork = true
            case (nil, nil):
                throw PushRequestError(.badRequest, "a view needs \"bbox\":[minLon,minLat,maxLon,maxLat] or \"region\":\"\(Self.wholeNetworkName)\"")
            case (_?, _?):
                throw PushRequestError(.badRequest, "a view takes one of \"bbox\" and \"region\", not both")
            }
            var kinds: Set<VehicleState.Kind>?
            if let layers {
                kinds = []
                for layer in layers {
                    guard let kind = VehicleState.Kind(rawValue: layer) else {
                        throw PushRequestError(.badRequest, "unknown layer \"\(layer.prefix(32))\"; expected one of \(Self.layerNames)")
                    }
                    kinds?.insert(kind)
                }
            }
            if let routes {
                guard routes.count <= ClientRequest.maximumRoutes else {
                    throw PushRequestError(.badRequest, "at most \(ClientRequest.maximumRoutes) routes per subscription")
                }
                for route in routes { _ = try ClientRequest.routeID(route) }
            }
            filter = VehicleFilter(kinds: kinds, routes: routes.map(Set.init))
        }

        /// The one `region` there is: the whole network.
        public static let wholeNetworkName = "all"

        /// The tiles and filter this view shows on `grid`: what a subscription follows and REST lists.
        public func region(on grid: TileGrid) -> Region {
            Region(tiles: grid.tiles(covering: box), filter: filter)
        }

        /// The modes a `layers` list may name: `subway, rail, tram, bus, …` (`VehicleState.Kind`).
        static let layerNames = VehicleState.Kind.allCases.map(\.rawValue).joined(separator: ", ")

        /// The REST form: `bbox=minLon,minLat,maxLon,maxLat` or `region=all`, `layers=subway,bus`, `routes=A,M15`.
        public init(query bbox: String?, region: String? = nil, layers: String?, routes: String?) throws(PushRequestError) {
            func list(_ text: String?) -> [String]? { text.map { $0.split(separator: ",").map(String.init) } }
            let numbers = region != nil && bbox == nil ? nil : try ClientRequest.bboxNumbers(query: bbox, orRegion: true)
            try self.init(bbox: numbers, region: region, layers: list(layers), routes: list(routes))
        }
    }

    /// The numbers of a REST `bbox=minLon,minLat,maxLon,maxLat` parameter, not yet checked as a box; `orRegion`: the
    /// route also takes `region=all`, which a missing bbox's refusal names.
    static func bboxNumbers(query bbox: String?, orRegion: Bool = false) throws(PushRequestError) -> [Double] {
        guard let bbox else {
            throw PushRequestError(.badRequest, "bbox=minLon,minLat,maxLon,maxLat" + (orRegion ? " or region=all" : "") + " is required")
        }
        let values = bbox.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.allSatisfy({ $0 != nil }) else {
            throw PushRequestError(.badRequest, "bbox must be 4 comma-separated numbers")
        }
        return values.compactMap { $0 }
    }

    /// A REST `bbox` parameter as a valid box (`/api/bus-stops`); malformed → `bad_request`.
    public static func boundingBox(query bbox: String?) throws(PushRequestError) -> BoundingBox {
        try box(bboxNumbers(query: bbox))
    }

    /// `[minLon,minLat,maxLon,maxLat]` as a valid box; anything else is a `bad_request`.
    static func box(_ values: [Double]) throws(PushRequestError) -> BoundingBox {
        do {
            return try BoundingBox(values)
        } catch {
            throw PushRequestError(.badRequest, error.description)
        }
    }

    /// Longest accepted message; client messages are a few hundred bytes.
    public static let maximumLength = 4096
    /// Most routes one subscription may name.
    public static let maximumRoutes = 64

    /// Parses one text message; any problem is a `bad_request` saying what is wrong.
    public init(parsing text: String) throws(PushRequestError) {
        let bytes = Data(text.utf8)
        guard bytes.count <= Self.maximumLength else {
            throw PushRequestError(.badRequest, "message is \(bytes.count) bytes; the limit is \(Self.maximumLength)")
        }
        let raw: RawRequest
        do {
            raw = try JSONDecoder().decode(RawRequest.self, from: bytes)
        } catch let error as DecodingError {
            throw PushRequestError(.badRequest, Self.describe(error))
        } catch {
            throw PushRequestError(.badRequest, "message is not valid JSON")
        }
        switch raw.op {
        case "subscribe":
            self = .subscribe(try Self.view(raw))
        case "resume":
            guard let epoch = raw.epoch else { throw PushRequestError(.badRequest, "resume needs \"epoch\"") }
            guard let number = raw.seq else { throw PushRequestError(.badRequest, "resume needs \"seq\"") }
            guard case .integer(let seq) = number else {
                throw PushRequestError(.badRequest, "\"seq\" must be a whole number")
            }
            guard seq >= 0 else { throw PushRequestError(.badRequest, "\"seq\" must not be negative") }
            self = .resume(epoch: epoch, seq: UInt64(seq), view: try Self.view(raw))
        case "watch":
            switch try Self.watchTarget(raw) {
            case .station(let station): self = .watch(station: station)
            case .route(let route): self = .watchRoute(route: route)
            case .vehicle(let vehicle): self = .watchVehicle(vehicle: vehicle)
            }
        case "unwatch":
            switch try Self.watchTarget(raw) {
            case .station(let station): self = .unwatch(station: station)
            case .route(let route): self = .unwatchRoute(route: route)
            case .vehicle(let vehicle): self = .unwatchVehicle(vehicle: vehicle)
            }
        default:
            throw PushRequestError(.badRequest, "unknown op \"\(raw.op.prefix(32))\"; expected subscribe, resume, watch or unwatch")
        }
    }

    private struct RawRequest: Decodable {
        var op: String
        var bbox: [Double]?
        var region: String?
        var layers: [String]?
        var routes: [String]?
        var epoch: String?
        var seq: Number?
        var station: String?
        var busStop: String?
        var route: String?
        var vehicle: String?

        enum CodingKeys: String, CodingKey {
            case op, bbox, region, layers, routes, epoch, seq, station, route, vehicle
            case busStop = "bus_stop"
        }
    }

    /// A JSON number as a 64-bit integer when it is one; any other number (`1.5`, `1e30`) is
    /// kept apart so the request can say what is wrong with it instead of failing as a whole.
    private enum Number: Decodable {
        case integer(Int64)
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Int64.self) {
                self = .integer(value)
            } else {
                _ = try container.decode(Double.self)
                self = .other
            }
        }
    }

    private static func view(_ raw: RawRequest) throws(PushRequestError) -> ViewRequest {
        try ViewRequest(bbox: raw.bbox, region: raw.region, layers: raw.layers, routes: raw.routes)
    }

    /// What a watch or unwatch names.
    private enum WatchTarget {
        case station(String), route(String), vehicle(String)
    }

    /// Exactly one of a station (or bus stop), a route or a vehicle.
    private static func watchTarget(_ raw: RawRequest) throws(PushRequestError) -> WatchTarget {
        switch (raw.station ?? raw.busStop, raw.route, raw.vehicle) {
        case (let station?, nil, nil): return .station(try stationID(station))
        case (nil, let route?, nil): return .route(try routeID(route))
        case (nil, nil, let vehicle?): return .vehicle(try vehicleID(vehicle))
        case (nil, nil, nil):
            throw PushRequestError(.badRequest, "\(raw.op) needs \"station\" (or \"bus_stop\"), \"route\" or \"vehicle\"")
        default: throw PushRequestError(.badRequest, "\(raw.op) takes one of \"station\", \"route\" and \"vehicle\"")
        }
    }

    /// A vehicle id as clients may send it (`watch`, `/api/vehicles/{id}`): what the feeds use
    /// (trip ids such as `134100_1..S03R`, bus refs such as `MTA NYCT_7210`), so any text of 1
    /// to 128 bytes without control characters.
    public static func vehicleID(_ vehicle: String) throws(PushRequestError) -> String {
        guard !vehicle.isEmpty, vehicle.utf8.count <= 128,
              !vehicle.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw PushRequestError(.badRequest, "vehicle ids are 1 to 128 bytes without control characters")
        }
        return vehicle
    }

    /// A station id as clients may send it (`watch`, `/api/stations/{id}`, `/api/alerts`): 1 to
    /// 32 letters, digits, `_`, `-` or `.`; anything else is a malformed request.
    public static func stationID(_ station: String) throws(PushRequestError) -> String {
        guard isIdentifier(station) else {
            throw PushRequestError(.badRequest, "station ids are 1 to 32 letters, digits, '_', '-' or '.'")
        }
        return station
    }

    /// A route id as clients may send it (`subscribe`, `watch`, `/api/alerts`): the characters of
    /// a station id and `+`, which Bus Time's Select Bus Service routes carry (`A`, `6X`, `M15`,
    /// `M15+`, `B44-SBS`).
    public static func routeID(_ route: String) throws(PushRequestError) -> String {
        guard isIdentifier(route, alsoAllowing: UInt8(ascii: "+")) else {
            throw PushRequestError(.badRequest, "route ids are 1 to 32 letters, digits, '_', '-', '.' or '+'")
        }
        return route
    }

    private static func isIdentifier(_ text: String, alsoAllowing extra: UInt8? = nil) -> Bool {
        let allowed = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == extra
        }
        return !text.isEmpty && text.utf8.count <= 32 && allowed
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let name = context.codingPath.reduce(into: "") { name, key in
                if let index = key.intValue { name += "[\(index)]" } else { name += name.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return name.isEmpty ? "message" : "\"\(name)\""
        }
        switch error {
        case .keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context): return "\(path(context)) has the wrong type"
        case .valueNotFound(_, let context): return "\(path(context)) must not be null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "message is not valid JSON" : "\(path(context)) is out of range"
        @unknown default: return "message is not a valid request"
        }
    }
}
