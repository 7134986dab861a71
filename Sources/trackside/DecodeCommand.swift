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
                        auto:     siri for JSON or XML input; otherwise alerts when every
                                  entity of the feed is an alert, else vehicles.
        """

    /// What `--kind` selects.
    enum Kind: String {
        case auto, vehicles, alerts, siri
    }

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let kind = try arguments.value("kind", default: Kind.auto) { Kind(rawValue: $0) }
        let files = try arguments.positionals()
        guard files.count == 1, let path = files.first else {
            throw ArgumentList.UsageError(description: "expected one FILE; see 'trackside decode --help'")
        }

        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Inflate.gunzipIfNeeded(Data(contentsOf: URL(fileURLWithPath: path))))
        } catch let error as Inflate.Failure {
            return fail("\(path): \(error)")
        } catch {
            return fail("cannot read \(path): \(error.localizedDescription)")
        }

        if kind == .siri || (kind == .auto && SIRIDecoder.syntax(of: Data(bytes)) != nil) {
            return printSIRI(bytes)
        }
        let feedKind: RealtimeFeedKind = switch kind {
        case .auto, .siri: RealtimeFeedKind.detect(bytes)
        case .vehicles: .vehicles
        case .alerts: .alerts
        }
        let feed: GTFSRealtime.FeedMessage
        do {
            feed = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: feedKind.extensions)
        } catch {
            return fail("\(error)")
        }

        var json = JSONWriter(reservingCapacity: bytes.count * 4)
        feed.writeJSON(to: &json)
        FileHandle.standardOutput.write(Data(json.bytes + [UInt8(ascii: "\n")]))
        return 0
    }

    private static func printSIRI(_ bytes: [UInt8]) -> Int32 {
        let delivery: SIRIServiceDelivery
        do {
            delivery = try SIRIDecoder.decode(Data(bytes))
        } catch {
            return fail("\(error)")
        }
        var json = JSONWriter(reservingCapacity: bytes.count)
        delivery.writeJSON(to: &json)
        FileHandle.standardOutput.write(Data(json.bytes + [UInt8(ascii: "\n")]))
        return 0
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
        return 2
    }
}
