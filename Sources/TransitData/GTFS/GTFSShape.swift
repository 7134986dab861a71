/// The path a vehicle travels (`shapes.txt`), its points in sequence order.
public struct GTFSShape: Hashable, Sendable, Identifiable {
    /// `shape_id`, e.g. `1..N03R`.
    public var id: String
    /// The points, sorted by `shape_pt_sequence`.
    public var points: [GTFSShapePoint]

    /// A shape with the given points, which must already be in sequence order.
    public init(id: String, points: [GTFSShapePoint]) {
        self.id = id
        self.points = points
    }
}

/// One point of a shape, as in a row of `shapes.txt`.
public struct GTFSShapePoint: Hashable, Sendable {
    /// `shape_pt_lat`.
    public var latitude: Double
    /// `shape_pt_lon`.
    public var longitude: Double
    /// `shape_pt_sequence`: the order along the shape (increasing, not necessarily contiguous).
    public var sequence: Int
    /// `shape_dist_traveled`, in the feed's own unit, when given.
    public var distanceTraveled: Double?

    /// A point with the given fields.
    public init(latitude: Double, longitude: Double, sequence: Int, distanceTraveled: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.sequence = sequence
        self.distanceTraveled = distanceTraveled
    }
}

/// One row of `shapes.txt`: a point tagged with its shape.
///
/// Rows are grouped into `GTFSShape`s when a feed loads; this type exists for that reading.
public struct GTFSShapeRow: Sendable {
    /// `shape_id`.
    public var shapeID: String
    /// The point.
    public var point: GTFSShapePoint
}

extension GTFSShapeRow: GTFSTableRow {
    public struct Columns {
        let shapeID: Int, latitude: Int, longitude: Int, sequence: Int, distance: Int?
    }

    public static var tableName: String { "shapes" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        Columns(shapeID: try header.requiredIndex(of: "shape_id"), latitude: try header.requiredIndex(of: "shape_pt_lat"),
                longitude: try header.requiredIndex(of: "shape_pt_lon"), sequence: try header.requiredIndex(of: "shape_pt_sequence"),
                distance: header.index(of: "shape_dist_traveled"))
    }

    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        let position = try record.coordinate(latitude: columns.latitude, longitude: columns.longitude)
        shapeID = record.string(columns.shapeID)
        point = GTFSShapePoint(latitude: position.latitude, longitude: position.longitude, sequence: try record.int(columns.sequence),
                               distanceTraveled: try record.optionalDouble(columns.distance))
    }
}
