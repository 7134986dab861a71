import Testing
import TestSupport
@testable import TransitData

@Suite(.enabled(if: SharedData.isAvailable))
struct RealtimeFeedTests {
    @Test func findsTheSamples() {
        // 32 subway feeds, the subway alerts and the bus trip updates (PROVENANCE.md).
        #expect(RealtimeSamples.all.count == 34)
    }

    @Test(arguments: RealtimeSamples.all)
    func everySampleDecodesAndRoundTrips(_ path: String) throws {
        let bytes = try RealtimeSamples.bytes(path)
        let kind = RealtimeFeedKind.detect(bytes)
        let feed = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: kind.extensions)
        #expect(!feed.entities.isEmpty)
        let reencoded = try GTFSRealtime.FeedMessage(protobuf: feed.protobufBytes, extensions: kind.extensions)
        #expect(reencoded == feed)
    }

    @Test(arguments: RealtimeSamples.all.filter { $0.hasPrefix("gtfs-rt-samples/nyct-subway/") })
    func subwayFeedsCarryTheNyctExtensions(_ path: String) throws {
        let bytes = try RealtimeSamples.bytes(path)
        #expect(RealtimeFeedKind.detect(bytes) == .vehicles)
        let feed = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: RealtimeFeedKind.vehicles.extensions)
        #expect(feed.header.nyctFeedHeader?.nyctSubwayVersion == "1.0")
        let trips = feed.entities.compactMap { $0.tripUpdate?.trip } + feed.entities.compactMap { $0.vehicle?.trip }
        #expect(!trips.isEmpty)
        #expect(trips.allSatisfy { $0.nyctTripDescriptor != nil })
        let stopTimes = feed.entities.flatMap { $0.tripUpdate?.stopTimeUpdates ?? [] }
        #expect(stopTimes.allSatisfy { $0.nyctStopTimeUpdate != nil })
    }

    @Test func countsMatchTheProvenanceOfTheAFeed() throws {
        let feed = try RealtimeSamples.feed("gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds/1234567_20240120T190818.pb")
        #expect(feed.entities.filter { $0.tripUpdate != nil }.count == 145)
        #expect(feed.entities.filter { $0.vehicle != nil }.count == 80)
        #expect(feed.entities.filter { $0.alert != nil }.count == 1)
        #expect(feed.entities.reduce(0) { $0 + ($1.tripUpdate?.stopTimeUpdates.count ?? 0) } == 2_577)
        #expect(Set(feed.entities.compactMap { $0.tripUpdate?.trip.routeId }) == ["1", "2", "3", "4", "5", "6", "7", "GS"])
        // NYCT vehicles carry a stop and a status, never coordinates.
        #expect(feed.entities.compactMap { $0.vehicle }.allSatisfy { $0.position == nil && $0.stopId != nil })
    }

    @Test func decodesTheMercuryAlertsFeed() throws {
        let bytes = try RealtimeSamples.bytes("alerts/mta_subway_alerts_20240120T185938.pb")
        #expect(RealtimeFeedKind.detect(bytes) == .alerts)
        let feed = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: RealtimeFeedKind.alerts.extensions)
        let alerts = feed.entities.compactMap { $0.alert }
        #expect(feed.header.mercuryFeedHeader?.mercuryVersion == "1.0")
        #expect(feed.header.nyctFeedHeader == nil)
        #expect(alerts.count == 302)
        #expect(alerts.filter { $0.mercuryAlert != nil }.count == 263)
        #expect(alerts.reduce(0) { $0 + $1.informedEntities.count } == 954)
        #expect(alerts.reduce(0) { $0 + $1.activePeriods.count } == 3_497)
        #expect(alerts.filter { $0.mercuryAlert?.alertType == "Planned - Stations Skipped" }.count == 84)

        // Under the trips registry the same bytes decode, with the Mercury fields skipped as unknown.
        let asTrips = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: RealtimeFeedKind.vehicles.extensions)
        #expect(asTrips.entities.allSatisfy { $0.alert?.mercuryAlert == nil })
        #expect(asTrips.header.nyctFeedHeader?.nyctSubwayVersion == "1.0")
    }

    @Test func decodesTheGzippedBusFeed() throws {
        let feed = try RealtimeSamples.feed("bus-gtfs-rt/mta_bus_tripupdates_20251221T154310.pb.gz")
        let updates = feed.entities.compactMap { $0.tripUpdate }
        #expect(updates.count == 3_547)
        #expect(updates.reduce(0) { $0 + $1.stopTimeUpdates.count } == 62_928)
        #expect(Set(updates.compactMap { $0.trip.routeId }).count == 266)
    }
}
