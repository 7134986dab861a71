import Testing
import TestSupport
import TransitData
@testable import TransitEngine

/// Boards from the seven real 2024-01-20 subway feeds, at the newest feed's time.
@Suite(.enabled(if: SharedData.isAvailable))
struct ArrivalBoardRealTests {
    static let folder = "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"
    static let now = 1_705_795_698.0

    static let feeds: FeedSnapshot = {
        FeedSnapshot(try! RealFeeds.files(in: folder).map { try RealFeeds.subwayFeed($0) })
    }()

    static func board(_ stationID: String) throws -> ArrivalBoard {
        let station = try #require(RealFeeds.subway.stations.first { $0.id == stationID })
        return ArrivalBoard(station: station, network: RealFeeds.subway, feeds: feeds, now: now)
    }

    static func arrival(_ tripID: String, route: String, direction: String, at stationID: String) throws -> Arrival {
        let group = try #require(try board(stationID).groups.first { $0.routeID == route && $0.direction == direction })
        return try #require(group.arrivals.first { $0.tripID == tripID })
    }

    @Test("A feed's predictions by stop are exactly those of its trains at that stop, in feed order")
    func predictionsByStop() {
        for feed in Self.feeds.feeds {
            var scanned: [String: [String]] = [:]
            for train in feed.trains {
                for prediction in train.stopTimes {
                    scanned[prediction.stopID, default: []].append("\(train.tripID) \(prediction.arrival ?? -1) \(prediction.departure ?? -1)")
                }
            }
            #expect(scanned.count >= 40, "\(feed.name) has predictions at both platforms of 20 stations or more")
            for (stop, expected) in scanned {
                let indexed = feed.predictions(at: stop).map { "\($0.train.tripID) \($0.prediction.arrival ?? -1) \($0.prediction.departure ?? -1)" }
                #expect(indexed == expected, "\(feed.name) at \(stop)")
            }
            #expect(feed.predictions(at: "no-such-stop").isEmpty)
        }
    }

    @Test("The actual track wins over the scheduled one (values read with Google's protobuf classes)")
    func actualTrackFirst() throws {
        // South Ferry: scheduled track 4, actual 1. E 180 St: scheduled 3, actual M.
        #expect(try Self.arrival("115900_1..N03R", route: "1", direction: "N", at: "142").track == "1")
        #expect(try Self.arrival("105200_2..N", route: "2", direction: "N", at: "213").track == "M")
        // Elsewhere only the scheduled track is given: at Times Sq the northbound 1 uses track 4, the
        // northbound 2 and 3 track 3, and every southbound train track 2.
        let tracks = try Self.board("127").groups.filter { ["1", "2", "3"].contains($0.routeID) }.map { group in "\(group.routeID)\(group.direction) \(group.arrivals.map { $0.track ?? "-" })" }
        #expect(tracks == [#"1N ["4", "4", "4"]"#, #"1S ["2", "2", "2"]"#, #"2N ["3", "3", "3"]"#, #"2S ["2", "2", "2"]"#,
                           #"3N ["3", "3", "3"]"#, #"3S ["2", "2", "2"]"#])
    }

    @Test("A stop time without the NYCT extension's tracks has none (a D train's last stop, Coney Island)")
    func missingTrack() throws {
        let feed = try RealFeeds.subwayFeed("\(Self.folder)/bdfm_20240120T190431.pb")
        let train = try #require(feed.trains.first { $0.tripID == "112501_D..S" })
        #expect(train.stopTimes.last?.stopID == "D43S" && train.stopTimes.last?.track == nil)
        #expect(train.stopTimes.dropLast().allSatisfy { $0.track != nil })
    }

    @Test("Every prediction keeps its track: as many as the feeds' stop time updates that give one")
    func everyPredictionHasItsTrack() throws {
        var expected = 0
        var carried = 0
        for path in try RealFeeds.files(in: Self.folder) {
            let data = try Inflate.gunzipIfNeeded(SharedData.data(path))
            let message = try GTFSRealtime.FeedMessage(protobuf: [UInt8](data), extensions: RealtimeFeedKind.vehicles.extensions)
            for entity in message.entities {
                for update in entity.tripUpdate?.stopTimeUpdates ?? [] where update.nyctStopTimeUpdate?.track != nil {
                    expected += 1
                }
            }
            carried += try RealFeeds.subwayFeed(path).trains.reduce(0) { sum, train in
                sum + train.stopTimes.filter { $0.track != nil }.count
            }
        }
        // 9,122 stop time updates, one without tracks (see PROVENANCE.md for the totals).
        #expect(expected == 9_121)
        #expect(carried == expected)
    }

    @Test("Two trains on one trip id both arrive: the N/Q/R/W feed's split N trips, counted as the reference counts them")
    func tripsSharingAnID() throws {
        let nqrw = try #require(Self.feeds.feeds.first { $0.name.hasSuffix("nqrw_20240120T190653.pb") })
        let sharing = Dictionary(grouping: nqrw.trains) { $0.tripID }.filter { $0.value.count > 1 }
        #expect(sharing.keys.sorted() == ["115200_N..S", "117600_N..S", "118800_N..S", "120000_N..S"])
        let vehicles = sharing.values.flatMap { trains in trains.map { $0.vehicleID } }
        #expect(Set(vehicles).count == 8)
        #expect(vehicles.contains("115200_N..S 1N 1912 962/STL 20240120") && vehicles.contains("115200_N..S 1N 1912 DIT/BEB 20240120"))
        // A trip id used once keeps it as its vehicle id.
        #expect(nqrw.trains.filter { sharing[$0.tripID] == nil }.allSatisfy { $0.vehicleID == $0.tripID })

        // Arrivals of those trips on every station's board (next three per group): the Python reference
        // of Tests/Integration/test_arrivals.py finds 14 + 6 for 115200_N..S and 4 + 6 for 117600_N..S.
        var counts: [String: Int] = [:]
        for station in RealFeeds.subway.stations {
            let board = ArrivalBoard(station: station, network: RealFeeds.subway, feeds: Self.feeds, now: Self.now)
            for arrival in (board.groups + board.terminating).flatMap({ $0.arrivals }) where sharing[arrival.tripID] != nil {
                counts[arrival.tripID, default: 0] += 1
            }
        }
        #expect(counts == ["115200_N..S": 20, "117600_N..S": 10])
    }
}
