import Foundation
import Testing
import TestSupport
@testable import TracksideServer
import WebSocketServer

/// The option model, pure: arguments + environment + config file text → settings or one error line.
@Suite struct ServeOptionsTests {
    static let filePath = "trackside.json"

    /// Resolves serve's options; `file` is the text of `trackside.json`, the only readable file.
    func resolve(_ arguments: [String] = [], environment: [String: String] = [:],
                 file: String? = nil) throws(OptionError) -> ResolvedOptions {
        try ResolvedOptions(groups: ServeOptions.groups, arguments: arguments, environment: environment) { path throws(OptionError) in
            guard path == Self.filePath, let file else { throw OptionError("No such file or directory") }
            return file
        }
    }

    func settings(_ arguments: [String] = [], environment: [String: String] = [:], file: String? = nil) throws -> ServeSettings {
        ServeSettings(try resolve(arguments, environment: environment, file: file))
    }

    /// The one line a bad configuration fails with, or nil when it resolves.
    func failure(_ arguments: [String] = [], environment: [String: String] = [:], file: String? = nil) -> String? {
        do throws(OptionError) {
            _ = try resolve(arguments, environment: environment, file: file)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func nothingGivenMeansTheConfigurationTypesDefaults() throws {
        let settings = try settings()
        let server = ServerConfiguration()
        let webSocket = WebSocketConfiguration()
        #expect(settings.server.host == server.host && settings.server.port == server.port)
        #expect(settings.server.eventLoopCount == server.eventLoopCount && settings.server.maxConnections == server.maxConnections)
        #expect(settings.server.requestTimeout == server.requestTimeout && settings.server.keepAliveTimeout == server.keepAliveTimeout)
        #expect(settings.server.outputQueueLimit == server.outputQueueLimit)
        #expect(settings.webSocket.maximumMessageSize == webSocket.maximumMessageSize)
        #expect(settings.webSocket.pingInterval == webSocket.pingInterval && settings.webSocket.outputStallTimeout == webSocket.outputStallTimeout)
        #expect(settings.webSocket.compression == webSocket.compression && settings.webSocket.allowedOrigins == nil)
        #expect(settings.webSocket.selectSubprotocol(["trackside"]) == nil)
        #expect(settings.webSocket.selectSubprotocol(["chat", "trackside.v1"]) == "trackside.v1", "the protocol's own name is always agreed to")
        #expect(settings.crossOrigin == CrossOriginPolicy(), "every site may read the API by default")
        #expect(settings.application.source == .demo && settings.application.gtfsPaths.isEmpty)
        #expect(settings.application.limits.maximumWatches == PushLimits().maximumWatches)
        #expect(settings.application.mtaFeeds.busTimeKey == nil && settings.application.mtaFeeds.subwayInterval == 15)
        #expect(settings.logLevel == .info && settings.logFormat == .text && !settings.enableEcho)
        #expect(settings.publicFolder == nil && settings.dataFolder == nil && settings.cacheFolder == nil)
    }

    @Test func aFlagWinsOverTheEnvironmentWhichWinsOverTheFile() throws {
        let file = #"{"port": 1001, "host": "0.0.0.0"}"#
        let environment = ["TRACKSIDE_CONFIG": Self.filePath, "TRACKSIDE_PORT": "1002"]
        let all = try resolve(["--port", "1003"], environment: environment, file: file)
        #expect(all[ServeOptions.port] == 1003 && all.origin(of: ServeOptions.port.declaration) == .flag)
        #expect(all[ServeOptions.host] == "0.0.0.0" && all.origin(of: ServeOptions.host.declaration) == .file(Self.filePath))
        let noFlag = try resolve([], environment: environment, file: file)
        #expect(noFlag[ServeOptions.port] == 1002 && noFlag.origin(of: ServeOptions.port.declaration) == .environment("TRACKSIDE_PORT"))
        let fileOnly = try resolve(["--config", Self.filePath], file: file)
        #expect(fileOnly[ServeOptions.port] == 1001)
        #expect(try resolve()[ServeOptions.port] == 8080)
        #expect(try resolve().origin(of: ServeOptions.port.declaration) == .defaultValue)
    }

    /// An agency's key header comes from the config file or the environment (command lines are
    /// visible to every user); a malformed one stops the start.
    @Test func feedHeadersComeFromAnyLayerAndABadOneIsRefused() throws {
        let file = #"{"source": "gtfs-rt:https://agency.example/trips.pb", "feed-header": ["x-api-key: k1", "Ocp-Apim-Subscription-Key: k2"]}"#
        let fromFile = try settings(["--config", Self.filePath], file: file)
        #expect(fromFile.application.feedHeaders.map { "\($0.name)=\($0.value)" } == ["x-api-key=k1", "Ocp-Apim-Subscription-Key=k2"])
        let fromEnvironment = try settings([], environment: ["TRACKSIDE_FEED_HEADER": "x-api-key: k3"])
        #expect(fromEnvironment.application.feedHeaders.map(\.value) == ["k3"])
        #expect(try settings().application.feedHeaders.isEmpty)
        #expect(failure(["--feed-header", "Host: evil.example"])?.hasPrefix("invalid value 'Host: evil.example' for --feed-header: expected a header such as") == true)
    }

    @Test func listsComeWholeFromTheMostSpecificLayer() throws {
        let file = #"{"allowed-origin": ["https://a.example", "https://b.example"], "gtfs": "subway.zip"}"#
        let fromFile = try settings(["--config", Self.filePath], file: file)
        #expect(fromFile.webSocket.allowedOrigins == ["https://a.example", "https://b.example"])
        #expect(fromFile.application.gtfsPaths == ["subway.zip"])
        let fromEnvironment = try settings(["--config", Self.filePath],
                                           environment: ["TRACKSIDE_ALLOWED_ORIGIN": " https://c.example, https://d.example:8443 ,"], file: file)
        #expect(fromEnvironment.webSocket.allowedOrigins == ["https://c.example", "https://d.example:8443"])
        let fromFlags = try settings(["--gtfs", "a.zip", "--gtfs=b", "--allowed-origin", "http://127.0.0.1:8080"],
                                     environment: ["TRACKSIDE_GTFS": "c.zip"])
        #expect(fromFlags.application.gtfsPaths == ["a.zip", "b"])
        #expect(fromFlags.webSocket.allowedOrigins == ["http://127.0.0.1:8080"])
    }

    @Test func flagsTurnOnAndOffInEveryLayer() throws {
        #expect(try settings(["--replay-loop", "--enable-echo"]).application.replayLoops)
        #expect(try settings(["--enable-echo"]).enableEcho)
        #expect(try settings(["--no-compression"]).webSocket.compression == nil)
        #expect(try settings(["--compression=false"]).webSocket.compression == nil)
        #expect(try settings(environment: ["TRACKSIDE_COMPRESSION": "off"]).webSocket.compression == nil)
        #expect(try settings(["--config", Self.filePath], file: #"{"compression": false, "replay-loop": true}"#).webSocket.compression == nil)
        #expect(try settings(["--compression"], environment: ["TRACKSIDE_COMPRESSION": "0"]).webSocket.compression != nil)
        #expect(try settings(environment: ["TRACKSIDE_REPLAY_LOOP": "yes"]).application.replayLoops)
    }

    @Test func everyOptionReachesTheSettingItNames() throws {
        let settings = try settings([
            "--host", "0.0.0.0", "--port", "0", "--event-loops", "3", "--max-connections", "10", "--request-timeout", "0.5",
            "--backlog", "512", "--shutdown-grace", "1.5", "--pong-timeout", "3", "--idle-timeout", "600", "--close-timeout", "2.5",
            "--keep-alive-timeout", "7", "--write-timeout", "12", "--max-header-size", "4096", "--max-body-size", "0", "--public", "www",
            "--max-message-size", "4096", "--max-output-buffer", "65536", "--stall-timeout", "2", "--ping-interval", "0",
            "--allowed-origin", "https://map.example.org", "--subprotocol", "trackside.v1", "--subprotocol", "json",
            "--cors-origin", "https://map.example.org", "--cors-origin", "http://127.0.0.1:8080",
            "--compression-level", "9", "--compression-window-bits", "15", "--compression-client-window-bits", "10",
            "--compression-memory-level", "8", "--compression-min-size", "0",
            "--max-view-bytes", "65536", "--max-view-vehicles", "100", "--max-watches", "2", "--subscribe-burst", "3",
            "--subscribe-rate", "0.5", "--history-retention", "60", "--tick", "0.25", "--stale-after", "45",
            "--source", "replay:recordings", "--gtfs", "g.zip", "--data", "Data", "--sim-interval", "30", "--sim-seed", "42",
            "--replay-speed", "100", "--replay-skip", "5", "--show-no-scheduled-service", "--static-gtfs-url", "http://127.0.0.1:9/g.zip", "--cache", "cache",
            "--subway-base", "http://127.0.0.1:9/", "--bus-time-url", "http://127.0.0.1:9/vm.json", "--bus-time-key", "k",
            "--subway-interval", "2", "--alerts-interval", "3", "--bus-interval", "31", "--fetch-timeout", "4",
            "--log-level", "debug", "--log-format", "json",
        ])
        #expect(settings.server.host == "0.0.0.0" && settings.server.port == 0 && settings.server.eventLoopCount == 3)
        #expect(settings.server.maxConnections == 10 && settings.server.requestTimeout == .milliseconds(500))
        #expect(settings.server.backlog == 512 && settings.server.shutdownGracePeriod == .milliseconds(1500))
        #expect(settings.webSocket.pongTimeout == .seconds(3) && settings.webSocket.idleTimeout == .seconds(600))
        #expect(settings.webSocket.closeTimeout == .milliseconds(2500))
        #expect(settings.server.keepAliveTimeout == .seconds(7) && settings.server.requestLimits.maxHeaderBytes == 4096)
        #expect(settings.server.writeTimeout == .seconds(12))
        #expect(settings.server.requestLimits.maxBodyBytes == 0 && settings.publicFolder == "www")
        #expect(settings.webSocket.maximumMessageSize == 4096 && settings.webSocket.maximumPendingOutput == 65536)
        #expect(settings.server.outputQueueLimit == 65536 && settings.webSocket.outputStallTimeout == .seconds(2))
        #expect(settings.webSocket.pingInterval == nil && settings.webSocket.allowedOrigins == ["https://map.example.org"])
        #expect(settings.webSocket.selectSubprotocol(["json", "trackside.v1"]) == "trackside.v1", "the server's preference wins")
        #expect(settings.webSocket.selectSubprotocol(["json"]) == "json" && settings.webSocket.selectSubprotocol(["mqtt"]) == nil)
        #expect(settings.crossOrigin == CrossOriginPolicy(allowedOrigins: ["https://map.example.org", "http://127.0.0.1:8080"]))
        #expect(settings.webSocket.compression == PerMessageDeflateConfiguration(
            serverMaxWindowBits: 15, clientMaxWindowBits: 10, memoryLevel: 8, compressionLevel: 9, minimumCompressedSize: 0))
        let limits = settings.application.limits
        #expect(limits.maximumBytesPerView == 65536 && limits.maximumVehiclesPerView == 100 && limits.maximumWatches == 2)
        #expect(limits.subscribeBurst == 3 && limits.subscribesPerSecond == 0.5)
        #expect(settings.application.historyRetention == 60 && settings.application.tickInterval == 0.25)
        #expect(settings.application.staleAfter == 45 && settings.application.source == .replay(directory: "recordings"))
        #expect(settings.application.gtfsPaths == ["g.zip"] && settings.dataFolder == "Data" && settings.cacheFolder == "cache")
        #expect(settings.application.simulatorInterval == 30 && settings.application.simulatorSeed == 42)
        #expect(settings.application.replaySpeed == 100 && settings.application.replaySkip == 5)
        #expect(settings.application.showsNoScheduledService)
        let defaults = try self.settings([])
        #expect(!defaults.application.showsNoScheduledService)
        #expect(settings.staticGTFSURL == "http://127.0.0.1:9/g.zip")
        let feeds = settings.application.mtaFeeds
        #expect(feeds.subwayBase == "http://127.0.0.1:9/" && feeds.busTimeURL == "http://127.0.0.1:9/vm.json" && feeds.busTimeKey == "k")
        #expect(feeds.subwayInterval == 2 && feeds.alertsInterval == 3 && feeds.busInterval == 31)
        #expect(settings.application.fetchTimeout == 4 && settings.logLevel == .debug && settings.logFormat == .json)
    }

    @Test func frameAncestorsExplainWhatIsWrongInEveryLayer() throws {
        #expect(try settings().application.framing.display == .anySite)
        #expect(try settings(["--frame-ancestors", "'self' https://lobby.example"]).application.framing.display.sources
                == ["'self'", "https://lobby.example"])
        #expect(try settings(environment: ["TRACKSIDE_FRAME_ANCESTORS": "'none'"]).application.framing.display.sources == ["'none'"])
        #expect(failure(["--frame-ancestors", "self"])
                == "invalid value 'self' for --frame-ancestors: 'self' needs its single quotes (quote the whole list in the shell: \"'self'\")")
        #expect(failure(environment: ["TRACKSIDE_FRAME_ANCESTORS": "'none' https:"])
                == "invalid value ''none' https:' for TRACKSIDE_FRAME_ANCESTORS: 'none' cannot be combined with other sources")
        let line = try #require(failure(["--config", Self.filePath], file: #"{"frame-ancestors": "https://a.example; script-src *"}"#))
        #expect(line.hasPrefix(#"invalid value "https://a.example; script-src *" for "frame-ancestors" in config file trackside.json: 'https://a.example;' is not a CSP source"#))
        #expect(try settings(["--announce-version", "9.9.9"]).application.announcedVersion == "9.9.9")
        #expect(failure(["--announce-version", "9 9"]) == "invalid value '9 9' for --announce-version: expected a version without spaces, e.g. 9.9.9")
    }

    @Test func theBusTimeKeyAlsoComesFromTheMTAVariable() throws {
        #expect(try settings(environment: ["MTA_BUS_TIME_KEY": "old"]).application.mtaFeeds.busTimeKey == "old")
        #expect(try settings(environment: ["MTA_BUS_TIME_KEY": "old", "TRACKSIDE_BUS_TIME_KEY": "new"]).application.mtaFeeds.busTimeKey == "new")
        #expect(try settings(environment: ["MTA_BUS_TIME_KEY": ""]).application.mtaFeeds.busTimeKey == nil, "empty means unset")
    }

    @Test(arguments: [
        (["--port", "70000"], "invalid value '70000' for --port: expected an integer from 0 to 65535"),
        (["--port=-1"], "invalid value '-1' for --port: expected an integer from 0 to 65535"),
        (["--port", "80", "--port", "81"], "--port given more than once"),
        (["--port"], "--port needs a value (an integer from 0 to 65535)"),
        (["--port", "--host", "x"], "--port needs a value (an integer from 0 to 65535)"),
        (["--prot", "80"], "unknown option --prot"),
        (["-p", "80"], "unknown option -p"),
        (["--subway-interval", "-5"], "invalid value '-5' for --subway-interval: expected a number from 1 to 3600"),
        (["--tick", "nan"], "invalid value 'nan' for --tick: expected a number from 0.05 to 60"),
        (["--bus-interval", "10"], "invalid value '10' for --bus-interval: expected a number from 30 to 3600"),
        (["--subway-base", "ftp://mirror/"], "invalid value 'ftp://mirror/' for --subway-base: expected an http:// or https:// URL"),
        (["--static-gtfs-url", "not a url"], "invalid value 'not a url' for --static-gtfs-url: expected an http:// or https:// URL"),
        (["--source", "bus"], "invalid value 'bus' for --source: expected demo, sim, mta, gtfs-rt:URL[,URL…] or replay:DIR"),
        (["--source", "replay:"], "invalid value 'replay:' for --source: expected demo, sim, mta, gtfs-rt:URL[,URL…] or replay:DIR"),
        (["--allowed-origin", "https://a.example/page"], "invalid value 'https://a.example/page' for --allowed-origin: expected an origin such as https://map.example.org"),
        (["--subprotocol", "a b"], "invalid value 'a b' for --subprotocol: expected a token (letters, digits and !#$%&'*+-.^_`|~)"),
        (["--replay-loop=maybe"], "invalid value 'maybe' for --replay-loop: expected true or false"),
        (["--no-port"], "unknown option --no-port"),
        (["--log-level", "verbose"], "invalid value 'verbose' for --log-level: expected debug, info, warning, error"),
        (["--log-format", "xml"], "invalid value 'xml' for --log-format: expected text or json"),
        (["--config", "missing.json"], "cannot read config file missing.json: No such file or directory"),
    ])
    func badArgumentsFailWithOneLine(arguments: [String], message: String) {
        #expect(failure(arguments) == message)
    }

    @Test(arguments: [
        (["TRACKSIDE_PORT": "abc"], "invalid value 'abc' for TRACKSIDE_PORT: expected an integer from 0 to 65535"),
        (["TRACKSIDE_FETCH_TIMEOUT": "-1"], "invalid value '-1' for TRACKSIDE_FETCH_TIMEOUT: expected a number from 0.1 to 3600"),
        (["TRACKSIDE_ALLOWED_ORIGIN": "https://ok.example,nope"], "invalid value 'nope' for TRACKSIDE_ALLOWED_ORIGIN: expected an origin such as https://map.example.org"),
        (["TRACKSIDE_COMPRESSION": "maybe"], "invalid value 'maybe' for TRACKSIDE_COMPRESSION: expected true or false"),
        (["TRACKSIDE_CONFIG": "elsewhere.json"], "cannot read config file elsewhere.json: No such file or directory"),
    ])
    func badEnvironmentFailsWithOneLine(environment: [String: String], message: String) {
        #expect(failure(environment: environment) == message)
    }

    @Test(arguments: [
        (#"{"port": 8080,"#, "config file trackside.json is not valid JSON"),
        (#"[8080]"#, "config file trackside.json must hold a JSON object of option names to values"),
        (#""port""#, "config file trackside.json must hold a JSON object of option names to values"),
        (#"{"prot": 8080}"#, #"unknown key "prot" in config file trackside.json"#),
        (#"{"config": "other.json"}"#, #"unknown key "config" in config file trackside.json"#),
        (#"{"port": 70000}"#, #"invalid value 70000 for "port" in config file trackside.json: expected an integer from 0 to 65535"#),
        (#"{"port": true}"#, #"invalid value true for "port" in config file trackside.json: expected an integer from 0 to 65535"#),
        (#"{"port": "8080"}"#, #"invalid value "8080" for "port" in config file trackside.json: expected an integer from 0 to 65535"#),
        (#"{"port": 80.5}"#, #"invalid value 80.5 for "port" in config file trackside.json: expected an integer from 0 to 65535"#),
        (#"{"host": 127}"#, #"invalid value 127 for "host" in config file trackside.json: expected a non-empty value"#),
        (#"{"replay-loop": "yes"}"#, #"invalid value "yes" for "replay-loop" in config file trackside.json: expected true or false"#),
        (#"{"gtfs": [1, 2]}"#, #"invalid value [1,2] for "gtfs" in config file trackside.json: expected a string or an array of strings, each a non-empty value"#),
        (#"{"tick": null}"#, #"invalid value null for "tick" in config file trackside.json: expected a number from 0.05 to 60"#),
        (#"{"subway-interval": -3}"#, #"invalid value -3 for "subway-interval" in config file trackside.json: expected a number from 1 to 3600"#),
    ])
    func badFilesFailWithOneLine(file: String, message: String) throws {
        let line = try #require(failure(["--config", Self.filePath], file: file))
        #expect(line.hasPrefix(message))
        #expect(!line.contains("\n"))
    }

    @Test func garbageAndOversizedFilesFailWithoutCrashing() throws {
        var generator = SystemRandomNumberGenerator()
        for length in [1, 7, 64, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(failure(["--config", Self.filePath], file: text) != nil)
        }
        let deep = String(repeating: "[", count: 100_000)
        #expect(failure(["--config", Self.filePath], file: deep) != nil)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackside-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = folder.appendingPathComponent("large.json")
        try Data(repeating: 0x20, count: ConfigurationFile.maximumSize + 1).write(to: large)
        #expect(throws: OptionError("larger than \(ConfigurationFile.maximumSize) bytes")) { try ConfigurationFile.contents(atPath: large.path) }
        #expect(throws: OptionError("not a regular file")) { try ConfigurationFile.contents(atPath: folder.path) }
        let binary = folder.appendingPathComponent("binary.json")
        try Data([0x7b, 0xff, 0xfe, 0x7d]).write(to: binary)
        #expect(throws: OptionError("not UTF-8 text")) { try ConfigurationFile.contents(atPath: binary.path) }
        let good = folder.appendingPathComponent("good.json")
        try Data(#"{"port": 9}"#.utf8).write(to: good)
        #expect(try ResolvedOptions(groups: ServeOptions.groups, arguments: ["--config", good.path], environment: [:])[ServeOptions.port] == 9)
    }

    @Test func unknownTracksideVariablesAreWarnedAboutNotFatal() throws {
        let options = try resolve(environment: ["TRACKSIDE_PROT": "80", "TRACKSIDE_PORT": "81", "HOME": "/root"])
        #expect(options.unknownVariables == ["TRACKSIDE_PROT"])
        #expect(options[ServeOptions.port] == 81)
    }

    @Test func positionalsAreLeftForTheCommand() throws {
        #expect(try resolve(["extra", "--port", "1", "--", "--port"]).positionals == ["extra", "--port"])
    }

    @Test func namesAndVariablesAreUniqueAndEveryOptionIsDocumentedInHelp() {
        let declarations = ServeOptions.groups.flatMap { $0.options }
        #expect(Set(declarations.map { $0.name }).count == declarations.count)
        let variables = declarations.flatMap { $0.environmentNames }
        #expect(Set(variables).count == variables.count)
        let help = OptionHelp.text(ServeOptions.groups)
        for option in declarations {
            #expect(help.contains(OptionHelp.usage(option)), "\(option.name) missing from help")
            #expect(help.contains("default: \(option.defaultDescription) · env: \(option.environmentNames.joined(separator: ", "))"))
            #expect(!option.help.isEmpty && !option.defaultDescription.isEmpty)
        }
    }

    /// docs/OPERATIONS.md carries the generated table; on a mismatch the expected text is written to a
    /// temporary file, named in the failure, to paste between the markers.
    @Test func operationsDocumentCarriesTheGeneratedTable() throws {
        let document = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("docs/OPERATIONS.md"), encoding: .utf8)
        let begin = "<!-- options:begin (generated from ServeOptions.groups; ServeOptionsTests checks it) -->\n"
        let end = "<!-- options:end -->"
        let start = try #require(document.range(of: begin), "docs/OPERATIONS.md lacks the options markers")
        let stop = try #require(document.range(of: end, range: start.upperBound..<document.endIndex))
        let table = OptionHelp.markdown(ServeOptions.groups)
        let documented = String(document[start.upperBound..<stop.lowerBound])
        if documented != table {
            let expected = FileManager.default.temporaryDirectory.appendingPathComponent("OPERATIONS-options.md")
            try table.write(to: expected, atomically: true, encoding: .utf8)
            Issue.record("docs/OPERATIONS.md's options table is out of date; the generated one is in \(expected.path)")
        }
    }
}
