import Foundation
import TracksideCommandLine
import TracksideServer
import TransitData
import TransitEngine

/// `trackside arrivals --gtfs DIR_OR_ZIP --at UNIX_SECONDS FILE… [--station ID | --bus-stop ID]`:
/// the arrival boards computed from recorded feeds at one instant, as JSON on stdout.
struct ArrivalsCommand: CLICommand {
    static let name = "arrivals"
    static let summary = "print the stations' arrival boards computed from feed files at one instant, as JSON"
    static let usage = """
        Usage: trackside arrivals --gtfs DIR_OR_ZIP [--gtfs MORE…] [--at UNIX_SECONDS]
                                  [--station ID | --bus-stop ID] [--profile auto|nyct|standard]
                                  [--data DIR] FILE…

        Builds the network from the static GTFS feeds, reads the realtime feed files (GTFS-realtime
        .pb or SIRI .json/.xml, gzip accepted) and prints the arrival boards at the given instant in
        the wire form of docs/PROTOCOL.md: a JSON array of every station's board, sorted by station
        id, or with --station (--bus-stop) that station's (bus stop's) board as an object. Stations
        without arrivals have empty groups. Stations join into complexes as in `serve`: by the
        bundled station grouping (Data/stations) and the GTFS transfers.

        Options:
          --gtfs PATH     static GTFS folder or zip; repeat to merge several
          --at SECONDS    the instant, seconds since the Unix epoch (default: the newest feed's time)
          --station ID    only this station's board, under this id (a complex's, a member station's or a
                          platform's; exit 2 when the network has no such station)
          --bus-stop ID   only this bus stop's board (exit 2 when the network has no such bus stop)
          --profile NAME  auto (default), nyct or standard, as for `trackside place`
          --data DIR      the bundled data folder with the station grouping (default: found as serve finds it)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let stationID = try arguments.value("station")
        let busStopID = try arguments.value("bus-stop")
        guard stationID == nil || busStopID == nil else { return fail("give --station or --bus-stop, not both") }

        let recorded: RecordedFeeds
        do {
            recorded = try RecordedFeeds(arguments: &arguments)
        } catch let failure as RecordedFeeds.Failure {
            return fail(failure.description)
        }
        let board = { (station: Station, id: String?) in
            ArrivalBoard(station: station, network: recorded.network, feeds: recorded.snapshot, now: recorded.now, id: id)
        }
        var json = JSONWriter(reservingCapacity: 64 * 1024)
        if let stationID {
            guard let station = recorded.network.station(containing: stationID) else {
                return fail("no station \(stationID) in the network")
            }
            // Under the id asked for, as serve answers a member's or a platform's id.
            board(station, stationID).writeJSON(to: &json)
        } else if let busStopID {
            guard let stop = recorded.network.busStops.first(where: { $0.id == busStopID }) else {
                return fail("no bus stop \(busStopID) in the network")
            }
            ArrivalBoard(busStop: stop, network: recorded.network, feeds: recorded.snapshot, now: recorded.now).writeJSON(to: &json)
        } else {
            json.array { list in
                for station in recorded.network.stations.sorted(by: { $0.id < $1.id }) {
                    board(station, nil).writeJSON(to: &list)
                }
            }
        }
        FileHandle.standardOutput.write(Data(json.bytes + [UInt8(ascii: "\n")]))
        return 0
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
        return 2
    }
}
