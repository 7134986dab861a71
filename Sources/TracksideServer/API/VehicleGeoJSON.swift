import TransitData
import TransitEngine

/// `GET /api/vehicles.geojson`: the vehicles of `/api/vehicles` as a GeoJSON FeatureCollection (RFC 7946) for
/// any GIS tool or map library. Each vehicle is a Point feature whose `id` is the vehicle's and whose properties
/// are its wire members other than `lat`, `lon` and `seg`; the collection carries the tick's `epoch`, `seq`, `ts` and `feed_ts`.
enum VehicleGeoJSON {
    static func featureCollection(_ listing: VehicleListing) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 128 + listing.vehicles.count * 300)
        json.pointFeatureCollection(listing.vehicles, coordinate: { $0.state.position }, decimals: 5, id: { $0.id },
                                    members: { o in listing.writeHeader(to: &o) },
                                    properties: { vehicle, p in vehicle.state.writeMembers(to: &p, placement: false) })
        return json.bytes
    }
}
