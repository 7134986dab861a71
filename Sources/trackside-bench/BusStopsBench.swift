import Foundation
import TracksideCommandLine
import TransitData
import TransitEngine

/// `trackside-bench bus-stops`: what bus stops cost the server. Search over the subway stations
/// and the 1,816 Manhattan bus stops next to search over the stations alone, and a bus stop's
/// board (from the four 2017 all-lines Bus Time snapshots and the B9 response with onward calls)
/// next to a station's board (from the seven 2024-01-20 subway feeds), and what building those
/// feeds' reports costs per fetch.
struct BusStopsBench: CLICommand {
    static let name = "bus-stops"
    static let summary = "search with and without the Manhattan bus stops; bus stop boards next to station boards"
    static let usage = """
        Usage: trackside-bench bus-stops [--data DIR] [--rounds N]

          --data DIR      the shared data folder (default ../shared/data)
          --rounds N      timed rounds of each measurement; the median is printed (default 5)
        """

    /// Queries riders type: station names, bus stop corners, typos and abbreviations.
    static let queries = [
        "times sq", "14 st union", "unoin sq", "grand centrl", "atlantic avenue barclays", "34th street penn station",
        "columbus circle", "yankee stadium", "van cortlnd park", "jackson heights 82", "lex av 53", "kings highway",
        "w 125 st amsterdam", "madison av e 81", "5 av w 78", "e 14 st university", "state street bridge", "madisn av 81",
        "broadway", "1 av", "fdr", "st nicholas",
    ]

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let data = URL(fileURLWithPath: try arguments.value("data") ?? "../shared/data")
        let rounds = try arguments.value("rounds", default: 5) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        _ = try arguments.positionals()
        let profile = NYCTProfile()
        let subwayFeed = try GTFSFeed(contentsOf: data.appendingPathComponent("nyc-subway-gtfs/2018-11_full-except-stop_times"))
        let busFeed = try GTFSFeed(contentsOf: data.appendingPathComponent("bus-gtfs/manhattan-2020-04_no-stop_times"))
        let subway = try Network(gtfs: [subwayFeed], profile: profile)
        let network = try Network(gtfs: [subwayFeed, busFeed], profile: profile)

        func files(_ folder: String, where keep: (String) -> Bool = { _ in true }) throws -> [(name: String, bytes: Data)] {
            try RecordedFeeds.files(inFolder: data.appendingPathComponent(folder).path, where: keep)
        }
        func reports(_ files: [(name: String, bytes: Data)]) throws -> [FeedReport] {
            try files.map { try FeedReport(decoding: $0.bytes, name: $0.name, profile: profile, fetchedAt: 0) }
        }
        let subwayFiles = try files("gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds")
        let trains = FeedSnapshot(try reports(subwayFiles))
        let buses = FeedSnapshot(try reports(try files("bus-siri/vehicle-monitoring", where: { $0.contains("all-lines") || $0.contains("B9") })))
        let trainTime = trains.feeds.map(\.timestamp).max() ?? 0
        let busTime = buses.feeds.first?.timestamp ?? 0

        let withBusStops = PlaceSearch(network: network)
        let stationsOnly = PlaceSearch(network: subway)
        var results = 0
        let searchAll = median(rounds) { for query in queries { results += withBusStops.search(query).count } } / Double(queries.count)
        let searchStations = median(rounds) { for query in queries { results += stationsOnly.search(query).count } } / Double(queries.count)

        var shown = 0
        let busBoard = median(rounds) {
            for stop in network.busStops {
                shown += ArrivalBoard(busStop: stop, network: network, feeds: buses, now: busTime).groups.count
            }
        } / Double(network.busStops.count)
        let stationBoard = median(rounds) {
            for station in network.stations {
                shown += ArrivalBoard(station: station, network: network, feeds: trains, now: trainTime).groups.count
            }
        } / Double(network.stations.count)

        // What each fetch pays for the boards' lookups: the reports are built once per fetch, not per board.
        var built = 0
        // They decoded above; a failure here is a broken benchmark, not a figure.
        let buildReports = median(rounds) { built += try! reports(subwayFiles).count }

        let calls = buses.feeds.reduce(0) { $0 + $1.busCalls.count }
        let predictions = trains.feeds.reduce(0) { $0 + $1.trains.reduce(0) { $0 + $1.stopTimes.count } }
        print("bus-stops: \(network.stations.count) stations, \(network.busStops.count) bus stops; median of \(rounds) rounds")
        print(String(format: "search, µs per query (%d queries):  stations + bus stops %8.1f   stations only %8.1f   ratio %.2f",
                     queries.count, searchAll * 1e6, searchStations * 1e6, searchAll / searchStations))
        print(String(format: "board, µs per board:  bus stop (%d calls in %d feeds) %8.2f   station (%d predictions in %d feeds) %8.2f   ratio %.2f",
                     calls, buses.feeds.count, busBoard * 1e6, predictions, trains.feeds.count, stationBoard * 1e6, busBoard / stationBoard))
        print(String(format: "reports, ms to build the %d subway feeds' reports from their bytes (once per fetch): %.2f",
                     subwayFiles.count, buildReports * 1e3))
        print("(checksum \(results + shown + built))")
        return 0
    }

    /// The median wall-clock seconds of `rounds` runs of `work`.
    private static func median(_ rounds: Int, _ work: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            work()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }
}
