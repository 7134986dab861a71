import Foundation
import TracksideCommandLine
import TransitData

/// `trackside decode FILE [--kind auto|vehicles|alerts|siri]`: prints a feed file as JSON.
///
/// GTFS-realtime comes out with the `.proto` field names (see `GTFSRealtime`), SIRI as the
/// decoded model (see `SIRIServiceDelivery.writeJSON`); gzip input is inflated first. Bad input prints one line naming the problem and its byte offset on stderr,
/// nothing on stdout, and exits with status 2.
struct DecodeCommand: CLICommand {
    static let name = "decode"
    static let summary = "print a GTFS-realtime or SIRI feed file as JSON"
    static let usage = """
        Usage: trackside decode FILE [--kind KIND]

        Prints the decoded feed as one JSON document on stdout. Gzip files are accepted.

        Options:
          --kind KIND   auto (default), vehicles, alerts or siri.
                        vehicles: GTFS-realtime with the NYCT subway trips extension.
                        alerts:   GTFS-realtime with the MTA Mercury alerts extension.
                        siri:     MTA Bus Time SIRI (VehicleMonitoring, StopMonitoring,
                                  SituationExchange) as JSON or XML.
                        auto:     GTFS-realtime when the file starts like a FeedMessage
                                  (byte 0x0A), else siri for JSON or XML input; GTFS-realtime
                                  is alerts when every entity of the feed is an alert, else
                                  vehicles.
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let format = try arguments.value("kind", default: FeedDecoder.Format.auto) { FeedDecoder.Format(rawValue: $0) }
        let files = try arguments.positionals()
        guard files.count == 1, let path = files.first else {
            throw ArgumentList.UsageError(description: "expected one FILE; see 'trackside decode --help'")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return fail("cannot read \(path): \(error.localizedDescription)")
        }
        let document: FeedDecoder.Document
        do {
            document = try FeedDecoder.decode(data, as: format)
        } catch {
            return fail("\(path): \(error)")
        }
        var json = JSONWriter(reservingCapacity: data.count * 4)
        switch document {
        case .vehicles(let feed), .alerts(let feed): feed.writeJSON(to: &json)
        case .siri(let delivery): delivery.writeJSON(to: &json)
        }
        FileHandle.standardOutput.write(Data(json.bytes + [UInt8(ascii: "\n")]))
        return 0
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
        return 2
    }
}
