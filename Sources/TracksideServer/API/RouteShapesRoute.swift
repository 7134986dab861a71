import TransitData
import TransitEngine
import WebSocketServer

extension TracksideApp {
    /// How far a simplified route line may stray from its shape: invisible at street zoom, and it
    /// shrinks the 122k-point subway network to a document small enough for a first page load.
    static let routeLineTolerance = 3.0

    /// Installs `GET /api/routes`: a GeoJSON FeatureCollection with one LineString per distinct
    /// shape, simplified, carrying the route id, the names riders use (`route_short_name`,
    /// `route_long_name`), its mode, colour and text colour. The network does not
    /// change while the server runs, so the document (and its gzip and entity tag) is built once
    /// and revalidates with `If-None-Match`.
    func installRouteShapesRoute(on router: Router) {
        let document = PreparedDocument(body: Self.routeShapesGeoJSON(boards.network), contentType: "application/json")
        let caching = HTTPHeaders([("Cache-Control", "public, max-age=300")])
        router.get("/api/routes") { routed in document.response(to: routed.request, headers: caching) }
    }

    /// The FeatureCollection of `network`'s shapes; shapes with the same points as an earlier one
    /// (the same track for two ids) are left out.
    static func routeShapesGeoJSON(_ network: Network) -> [UInt8] {
        var seen = Set<[Coordinate]>()
        var json = JSONWriter(reservingCapacity: 256 * 1024)
        json.object { o in
            o.key("type"); o.value("FeatureCollection")
            o.key("features")
            o.array { features in
                for shape in network.shapes where shape.polyline.points.count >= 2 {
                    let points = DouglasPeucker.simplify(shape.polyline.points, tolerance: routeLineTolerance)
                    guard seen.insert(points).inserted else { continue }
                    let route = shape.routeID.flatMap { network.routes[$0] }
                    features.object { f in
                        f.key("type"); f.value("Feature")
                        f.key("geometry")
                        f.object { g in
                            g.key("type"); g.value("LineString")
                            g.key("coordinates")
                            g.array { line in
                                for point in points {
                                    line.array { c in
                                        c.value(point.longitude, decimals: 5)
                                        c.value(point.latitude, decimals: 5)
                                    }
                                }
                            }
                        }
                        f.key("properties")
                        f.object { p in
                            p.key("shape"); p.value(shape.id)
                            p.key("route"); if let id = shape.routeID { p.value(id) } else { p.null() }
                            p.key("color"); if let color = route?.color { p.value("#" + color) } else { p.null() }
                            p.key("text_color"); if let text = route?.textColor { p.value("#" + text) } else { p.null() }
                            p.key("short_name"); if let route { p.value(route.shortName) } else { p.null() }
                            p.key("long_name"); if let name = route?.longName, !name.isEmpty { p.value(name) } else { p.null() }
                            p.key("kind"); if let kind = route?.kind { p.value(kind.rawValue) } else { p.null() }
                        }
                    }
                }
            }
        }
        return json.bytes
    }
}
