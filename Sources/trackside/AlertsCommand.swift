import Foundation
import TracksideCommandLine
import TracksideServer
import TransitData
import TransitEngine

/// `trackside alerts FILE [--at SECONDS] [--stops GTFS] [--show-no-scheduled-service]`: the
/// display alerts of a recorded GTFS-realtime alerts feed, as JSON.
struct AlertsCommand: CLICommand {
    static let name = "alerts"
    static let summary = "print the display alerts of a GTFS-realtime alerts feed file as JSON"
    static let usage = """
        Usage: trackside alerts FILE [--at UNIX_SECONDS] [--stops DIR_OR_ZIP] [--show-no-scheduled-service]

        Decodes the alerts feed (MTA Mercury extension; gzip accepted) and prints
        {"at": SECONDS, "alerts": [...]}: alerts that apply at or after the instant, with plain
        and segmented text, routes, parent stations and "when" (now, later_today, tomorrow, later)
        in the agency's time zone (the --stops GTFS's agency_timezone; America/New_York without one).
        Per-platform elevator and escalator outages are collapsed.

        Options:
          --at SECONDS                  the instant (default: the feed header's timestamp)
          --stops PATH                  GTFS folder or zip whose stops.txt maps platforms to
                                        stations (default: the bundled full-network stops when
                                        found; otherwise stop ids are kept as they are)
          --show-no-scheduled-service   keep the timetabled "No Scheduled Service" alerts
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let at = try arguments.value("at", default: Double?.none) { Double($0) }
        let stopsPath = try arguments.value("stops")
        let showsNoScheduledService = arguments.flag("show-no-scheduled-service")
        let files = try arguments.positionals()
        guard files.count == 1, let path = files.first else {
            throw ArgumentList.UsageError(description: "expected one FILE; see 'trackside alerts --help'")
        }

        let feed: GTFSRealtime.FeedMessage
        do {
            feed = try ServiceAlerts.decodeFeed(Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ArgumentList.UsageError(description: "\(path): \(error)")
        }
        let lookup: AlertStationLookup?
        var settings = AlertSettings(showsNoScheduledService: showsNoScheduledService)
        if let stopsPath {
            do {
                let gtfs = try GTFSFeed(contentsOf: URL(fileURLWithPath: stopsPath))
                lookup = AlertStationLookup(stops: gtfs.stops)
                if let zone = gtfs.timeZone { settings.timeZone = zone }
            } catch {
                throw ArgumentList.UsageError(description: "\(stopsPath): \(error)")
            }
        } else if let bundled = try? BundledData.locate() {
            lookup = AlertStationLookup(stops: try GTFSFeed(contentsOf: bundled.subwayStops).stops)
        } else {
            lookup = nil
        }

        let now = at ?? Double(feed.header.timestamp ?? 0)
        let alerts = ServiceAlerts.displayAlerts(
            from: feed, at: now, settings: settings,
            station: { lookup?.station(of: $0) })
        var json = JSONWriter(reservingCapacity: 1 << 16)
        json.object { o in
            o.key("at"); o.value(now)
            o.key("alerts"); o.array { list in for alert in alerts { alert.writeJSON(to: &list) } }
        }
        FileHandle.standardOutput.write(Data(json.bytes + [UInt8(ascii: "\n")]))
        return 0
    }
}
