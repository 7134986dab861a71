import Testing
import TransitEngine
@testable import TracksideServer

@Suite struct BoundingBoxTests {
    @Test func parsesFourNumbersInGeoJSONOrder() throws {
        let parsed = try BoundingBox([-74.0, 40.7, -73.9, 40.8])
        #expect(parsed.minLongitude == -74.0 && parsed.minLatitude == 40.7)
        #expect(parsed.maxLongitude == -73.9 && parsed.maxLatitude == 40.8)
    }

    @Test(arguments: [
        [-74.0, 40.7, -73.9],
        [-74.0, 40.7, -73.9, 40.8, 1],
        [-73.9, 40.7, -74.0, 40.8],
        [-74.0, 40.8, -73.9, 40.7],
        [-200, 40.7, -73.9, 40.8],
        [-74.0, 40.7, -73.9, 91],
        [Double.nan, 40.7, -73.9, 40.8],
        [-74.0, 40.7, Double.infinity, 40.8],
    ])
    func refusesInvalidBoxes(values: [Double]) {
        #expect(throws: BoundingBox.InvalidBox.self) { try BoundingBox(values) }
    }

    @Test func measuresSpanInKilometres() {
        let degree = box(-74.0, 40.0, -73.0, 41.0)
        #expect(abs(degree.heightKilometres - 111.195) < 0.01)
        // One degree of longitude at 40.5° N is cos(40.5°) of a degree of latitude.
        #expect(abs(degree.widthKilometres - 84.55) < 0.05)
    }

    @Test func containsItsEdges() {
        let area = box(-74.0, 40.7, -73.9, 40.8)
        #expect(area.contains(Coordinate(latitude: 40.7, longitude: -74.0)))
        #expect(area.contains(Coordinate(latitude: 40.75, longitude: -73.95)))
        #expect(!area.contains(Coordinate(latitude: 40.81, longitude: -73.95)))
    }
}

@Suite struct TileGridTests {
    let grid = TileGrid(longitudeStep: 0.01, latitudeStep: 0.01)

    @Test func floorsNegativeCoordinates() {
        #expect(grid.tile(of: Coordinate(latitude: 40.705, longitude: -73.995)) == Tile(x: -7400, y: 4070))
        #expect(grid.tile(of: Coordinate(latitude: -0.001, longitude: 0.001)) == Tile(x: 0, y: -1))
    }

    /// A garbage stream entry can carry any double: the grid never traps on one (the server fuzz
    /// target once crashed converting such a position to a tile).
    @Test func positionsNoPlacementGivesLandInATileWithoutTrapping() {
        #expect(grid.tile(of: Coordinate(latitude: .nan, longitude: .nan)) == Tile(x: 0, y: 0))
        #expect(grid.tile(of: Coordinate(latitude: 1e300, longitude: -.infinity)) == Tile(x: .min, y: .max))
        #expect(grid.tile(of: Coordinate(latitude: -1e12, longitude: .infinity)) == Tile(x: .max, y: .min))
    }

    @Test func coversABoxWithWholeTiles() {
        let range = grid.tiles(covering: box(-73.995, 40.701, -73.971, 40.719))
        #expect(range == TileRange(minX: -7400, minY: 4070, maxX: -7398, maxY: 4071))
        #expect(range.count == 6)
        #expect(range.tiles.count == 6)
        #expect(range.contains(Tile(x: -7399, y: 4071)))
        #expect(!range.contains(Tile(x: -7397, y: 4071)))
        let bounds = grid.bounds(of: range)
        #expect(abs(bounds.maxLongitude - -73.97) < 1e-9 && abs(bounds.minLatitude - 40.70) < 1e-9)
    }

    @Test func standardTilesAreAboutOneAndAThirdKilometres() throws {
        let tile = TileGrid.standard
        let cell = box(-74.0, 40.7, -74.0 + tile.longitudeStep, 40.7 + tile.latitudeStep)
        #expect(cell.widthKilometres > 1.2 && cell.widthKilometres < 1.5)
        #expect(cell.heightKilometres > 1.2 && cell.heightKilometres < 1.5)
    }
}
