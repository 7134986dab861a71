import TransitEngine
import WebSocketServer

/// Everything `trackside serve` decides about the application (the HTTP side is
/// `ServerConfiguration`): where feeds come from, the static network, the tick and the
/// push limits.
public struct TracksideConfiguration: Sendable {
    /// What this process does (docs/SCALING.md).
    public enum Role: String, Sendable, CaseIterable {
        /// Polls, ticks and serves clients: one process, no Redis (the default).
        case all
        /// Polls and ticks; publishes each tick to the Redis stream while it holds the lease, else
        /// stands by following the stream.
        case engine
        /// Serves clients from the Redis stream: no feeds, no tick of its own.
        case edge
    }

    /// Where vehicles come from.
    public enum Source: Equatable, Sendable {
        /// `demo`: the schedule simulator on the bundled 1 and 2 line timetable (the default).
        case demo
        /// `sim`: the schedule simulator on the first `--gtfs` feed, which must have stop_times.
        case simulation
        /// `replay:DIR`: recorded feed files played as if live.
        case replay(directory: String)
        /// `mta`: the live MTA feeds, polled (see `mtaFeeds`).
        case mta
        /// `gtfs-rt:URL[,URL…]`: any agency's live GTFS-realtime feeds, polled.
        case gtfsRealtime(GTFSRealtimeFeeds)

        /// Parses the `--source` option.
        public init(parsing text: String) throws(ConfigurationError) {
            if text == "demo" {
                self = .demo
            } else if text == "sim" {
                self = .simulation
            } else if text == "mta" {
                self = .mta
            } else if text.hasPrefix("gtfs-rt:") {
                do {
                    self = .gtfsRealtime(try GTFSRealtimeFeeds(parsing: String(text.dropFirst("gtfs-rt:".count))))
                } catch {
                    throw ConfigurationError(description: error.description)
                }
            } else if text.hasPrefix("replay:") {
                let directory = String(text.dropFirst("replay:".count))
                guard !directory.isEmpty else { throw ConfigurationError(description: "replay: needs a folder, e.g. replay:recordings/") }
                self = .replay(directory: directory)
            } else {
                throw ConfigurationError(description: "unknown source '\(text)'; expected demo, sim, mta, gtfs-rt:URL[,URL…] or replay:DIR")
            }
        }
    }

    /// A configuration that cannot work, said in one line.
    public struct ConfigurationError: Error, CustomStringConvertible {
        public let description: String
    }

    public var source: Source
    /// Static GTFS folders or zips (subway, buses) the network is built from.
    public var gtfsPaths: [String]
    /// The MTA "Subway Stations" CSV (NY Open Data 39hk-dx4f) whose ADA columns fill in the
    /// stations' step-free access where the GTFS gives none (`--station-access`).
    public var stationAccessPath: String?
    /// The MTA's subway entrances and exits (NY Open Data i9wp-a4ja, its GeoJSON export), a local
    /// copy (`--entrances`); nil shows no entrances.
    public var entrancesPath: String?
    /// The MTA's elevator and escalator equipment list (`nyct_ene_equipments.json`), which places
    /// equipment at stations (`--elevator-equipment`); nil lists no elevators.
    public var elevatorEquipmentPath: String?
    /// The elevator and escalator outage feed (`nyct_ene.json`), a URL or a file polled every
    /// `elevatorsInterval` seconds (`--elevators`); nil takes outages from the alerts feed alone.
    public var elevatorsLocation: String?
    public var elevatorsInterval = 60.0
    /// The station grouping (the bundled `stations/mta-subway_stations.json`) that joins NYCT
    /// stations into complexes; nil joins by `transfers.txt` alone.
    public var stationGroupsPath: String?
    /// Which agency's rules read the feeds (`--profile`): by default chosen from the GTFS.
    public var profile = ProfileChoice.auto
    /// Replay speed (2 = twice as fast) and whether the recording repeats.
    public var replaySpeed = 1.0
    public var replayLoops = false
    /// Recorded seconds to start into the replay (the files before play at once).
    public var replaySkip = 0.0
    /// Seconds between two publications of the simulator (`demo`, `sim`).
    public var simulatorInterval = 15.0
    /// The simulator's seed: the same seed gives the same delays.
    public var simulatorSeed: UInt64 = 1
    /// The instant the simulator's clock starts at (`--sim-start`); nil: now, the wall clock.
    public var simulatorStart: Double?
    /// The live feeds `--source mta` polls.
    public var mtaFeeds = MTAFeeds(busTimeKey: nil)
    /// Seconds a live fetch may take.
    public var fetchTimeout = 10.0
    /// Headers sent with every fetch of `--source gtfs-rt` feeds (an agency's API key).
    public var feedHeaders: [FeedRequestHeader] = []
    /// Seconds between ticks when no feed arrives.
    public var tickInterval = 1.0
    /// Seconds after its header time past which a feed's data is stale — its vehicles, board groups,
    /// `/api/feeds` and `/readyz` alike (`FeedFreshness`); a polled feed's threshold is at least three intervals.
    public var staleAfter = 90.0
    /// Whether MTA's timetabled "No Scheduled Service" alerts are served (hidden by default).
    public var showsNoScheduledService = false
    public var limits = PushLimits()
    /// Client messages (and their bytes) one `/ws` connection may have waiting for the push queue
    /// before the server stops reading from it.
    public var inboundBacklog = InboundBacklog.Limit()
    /// Seconds of deltas kept for `resume`.
    public var historyRetention = 120.0
    /// `--role`; `engine` and `edge` need `redisURL`.
    public var role = Role.all
    /// `--redis redis://HOST:PORT[/DB]`: where the tick stream and the lease live.
    public var redisURL: String?
    /// Which sites may show the pages in a frame (`--frame-ancestors` sets the station display's).
    public var framing = PageFraming()
    /// The version announced in `hello`, `/api/config` and `/status`. Only tests set another one, to see
    /// pages reload themselves when the server comes back with a new version.
    public var announcedVersion = TracksideVersion.current
    /// A MapLibre style the map page draws instead of the bundled base map (`--basemap-style`), announced in
    /// `/api/config` as `basemap`.
    public var baseMapStyle: String?
    /// Where the bundled offline base map's manifest is served (`BaseMapRoute.manifestPath`), announced in
    /// `/api/config` as `offline_basemap`; nil when there is none or it does not suit the network.
    public var offlineBaseMap: String?

    public init(source: Source, gtfsPaths: [String]) {
        self.source = source
        self.gtfsPaths = gtfsPaths
    }
}

extension TracksideConfiguration.Source {
    /// Whether it polls an agency's own GTFS-realtime feeds, the fetches `--feed-header` is sent with.
    var pollsAgencyFeeds: Bool {
        if case .gtfsRealtime = self { true } else { false }
    }
}

extension TracksideConfiguration.Source: CustomStringConvertible {
    /// The `--source` text that selects it.
    public var description: String {
        switch self {
        case .demo: "demo"
        case .simulation: "sim"
        case .replay(let directory): "replay:\(directory)"
        case .mta: "mta"
        case .gtfsRealtime(let feeds): "gtfs-rt:\(feeds.list)"
        }
    }
}
