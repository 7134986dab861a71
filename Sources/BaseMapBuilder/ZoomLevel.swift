/// One level of detail of the base map: the zooms it is drawn at and how finely its shapes are kept there.
///
/// A MapLibre pixel (512-pixel tiles) at zoom z spans about 59,350 / 2^z metres at New York's latitude; a level's
/// tolerance is under one pixel at its first zoom (half a pixel a zoom further in), so no simplification can be
/// seen, and rings under about four pixels square at its first zoom are dropped.
public struct ZoomLevel: Equatable, Sendable {
    /// Drawn from this zoom…
    public var minZoom: Int
    /// …up to, not including, this one (nil: every zoom above).
    public var maxZoom: Int?
    /// Douglas–Peucker tolerance in metres.
    public var tolerance: Double
    /// Decimal places kept in each coordinate (5 is about a metre).
    public var decimals: Int

    public init(minZoom: Int, maxZoom: Int?, tolerance: Double, decimals: Int) {
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.tolerance = tolerance
        self.decimals = decimals
    }

    /// Rings smaller than this many square metres are not drawn at this level.
    public var minimumArea: Double { (tolerance * 4) * (tolerance * 4) }

    /// The file name of this level's shapes of `layer` ("land-z12.geojson").
    public func fileName(_ layer: String) -> String { "\(layer)-z\(minZoom).geojson" }

    /// The levels of the land: coarse for the region, finer as the rider zooms in.
    public static let land: [ZoomLevel] = [
        ZoomLevel(minZoom: 0, maxZoom: 10, tolerance: 120, decimals: 3),
        ZoomLevel(minZoom: 10, maxZoom: 12, tolerance: 40, decimals: 4),
        ZoomLevel(minZoom: 12, maxZoom: 14, tolerance: 12, decimals: 4),
        ZoomLevel(minZoom: 14, maxZoom: 16, tolerance: 3, decimals: 5),
        ZoomLevel(minZoom: 16, maxZoom: nil, tolerance: 0.8, decimals: 5),
    ]

    /// The levels of parks, cemeteries and airports, which matter from city zooms on.
    public static let areas: [ZoomLevel] = [
        ZoomLevel(minZoom: 10, maxZoom: 13, tolerance: 25, decimals: 4),
        ZoomLevel(minZoom: 13, maxZoom: nil, tolerance: 3, decimals: 5),
    ]
}
