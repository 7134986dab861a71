import TransitEngine

/// A fixed longitude/latitude grid that buckets vehicles and subscriptions, so one tick's
/// changes are sorted by place once and every subscription reads only the cells it covers.
///
/// A subscription's view is its bounding box rounded outward to whole tiles
/// (docs/PROTOCOL.md): clients looking at the same tiles share one serialised frame.
public struct TileGrid: Hashable, Sendable {
    /// Tile width in degrees of longitude.
    public var longitudeStep: Double
    /// Tile height in degrees of latitude.
    public var latitudeStep: Double

    public init(longitudeStep: Double, latitudeStep: Double) {
        precondition(longitudeStep > 0 && latitudeStep > 0, "tile steps must be positive")
        self.longitudeStep = longitudeStep
        self.latitudeStep = latitudeStep
    }

    /// About 1.35 km × 1.33 km at New York's latitude: small enough that rounding a 1–5 km
    /// view outward adds little, large enough that a view covers only a handful of tiles.
    public static let standard = TileGrid(longitudeStep: 0.016, latitudeStep: 0.012)

    /// The tile containing a position.
    public func tile(of position: Coordinate) -> Tile {
        Tile(x: Self.cell(position.longitude, longitudeStep), y: Self.cell(position.latitude, latitudeStep))
    }

    /// The smallest block of tiles covering a box.
    public func tiles(covering box: BoundingBox) -> TileRange {
        TileRange(minX: Self.cell(box.minLongitude, longitudeStep), minY: Self.cell(box.minLatitude, latitudeStep),
                  maxX: Self.cell(box.maxLongitude, longitudeStep), maxY: Self.cell(box.maxLatitude, latitudeStep))
    }

    /// The box a block of tiles covers, edges included.
    public func bounds(of range: TileRange) -> (minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double) {
        (Double(range.minX) * longitudeStep, Double(range.minY) * latitudeStep,
         Double(range.maxX + 1) * longitudeStep, Double(range.maxY + 1) * latitudeStep)
    }

    /// Total: a position no placement gives (NaN, infinite, far off the globe: a garbage stream
    /// entry) lands in tile 0 or an edge tile rather than trapping the conversion.
    private static func cell(_ degrees: Double, _ step: Double) -> Int32 {
        let cell = (degrees / step).rounded(.down)
        guard !cell.isNaN else { return 0 }
        return Int32(min(max(cell, Double(Int32.min)), Double(Int32.max)))
    }
}

/// One cell of a `TileGrid`.
public struct Tile: Hashable, Sendable {
    public var x: Int32
    public var y: Int32

    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }
}

/// A rectangular block of tiles, both ends inclusive.
public struct TileRange: Hashable, Sendable {
    public var minX: Int32
    public var minY: Int32
    public var maxX: Int32
    public var maxY: Int32

    public init(minX: Int32, minY: Int32, maxX: Int32, maxY: Int32) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    public func contains(_ tile: Tile) -> Bool {
        tile.x >= minX && tile.x <= maxX && tile.y >= minY && tile.y <= maxY
    }

    /// How many tiles the block holds.
    public var count: Int {
        Int(maxX - minX + 1) * Int(maxY - minY + 1)
    }

    /// Every tile of the block, row by row.
    public var tiles: [Tile] {
        var result: [Tile] = []
        result.reserveCapacity(count)
        for y in minY...maxY {
            for x in minX...maxX { result.append(Tile(x: x, y: y)) }
        }
        return result
    }
}
