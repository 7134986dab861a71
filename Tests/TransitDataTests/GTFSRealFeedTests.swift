import Foundation
import Testing
import TestSupport
@testable import TransitData

/// Every real feed in `../shared` loads, with the counts PROVENANCE.md documents.
@Suite(.enabled(if: SharedData.isAvailable)) struct GTFSRealFeedTests {
    static let subway2018 = "nyc-subway-gtfs/2018-11_full-except-stop_times"
    static let subway2024 = "nyc-subway-gtfs/2024-12_routes-1-2-subset_with-stop_times"

    @Test func loadsThe2018FullSubwayFeed() throws {
        let feed = try GTFSFeed(contentsOf: SharedData.url(Self.subway2018))
        #expect(feed.agencies.count == 1)
        #expect(feed.agencies.first?.timeZoneIdentifier == "America/New_York")
        #expect(feed.timeZone?.identifier == "America/New_York")
        #expect(feed.routes.count == 29)
        #expect(feed.stops.count == 1_503)
        #expect(feed.stops.filter { $0.locationType == .station }.count == 501)
        #expect(feed.trips.count == 19_920)
        #expect(feed.trips.filter { $0.shapeID == nil }.count == 4_229)
        #expect(feed.shapes.count == 222)
        #expect(feed.shapes.reduce(0) { $0 + $1.points.count } == 122_382)
        #expect(feed.calendars.count == 73)
        #expect(feed.calendarDates.count == 196)
        #expect(feed.transfers.count == 616)

        let one = try #require(feed.routes[id: "1"])
        #expect(one.color == GTFSColor(red: 0xEE, green: 0x35, blue: 0x2E))
        #expect(one.textColor == nil)
        #expect(one.type == 1)
        // A quoted description holding commas arrives whole.
        #expect(one.description == "Trains operate between 242 St in the Bronx and South Ferry in Manhattan, most times")

        let platform = try #require(feed.stops[id: "101N"])
        #expect(platform.parentStationID == "101")
        #expect(platform.locationType == .stopOrPlatform)
        #expect(platform.latitude == 40.889248)
        #expect(platform.longitude == -73.898583)
        #expect(feed.stops[id: "101"]?.locationType == .station)

        // Every non-blank shape_id used by a trip exists (PROVENANCE.md §1a).
        #expect(feed.trips.allSatisfy { trip in trip.shapeID.map { feed.shapes.contains(id: $0) } ?? true })
        let shape = try #require(feed.shapes[id: "1..N03R"])
        #expect(shape.points.first == GTFSShapePoint(latitude: 40.702068, longitude: -74.013664, sequence: 0))
        #expect(zip(shape.points, shape.points.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
    }

    @Test func loadsThe2024SubsetAndStreamsItsStopTimes() throws {
        let feed = try GTFSFeed(contentsOf: SharedData.url(Self.subway2024))
        #expect(feed.routes.count == 2)
        #expect(feed.stops.count == 273)
        #expect(feed.trips.count == 1_990)
        #expect(feed.shapes.reduce(0) { $0 + $1.points.count } == 5_785)
        // 2024 layout: location_type is blank on platforms, which reads as a stop.
        #expect(feed.stops[id: "101N"]?.locationType == .stopOrPlatform)

        var reader = try #require(try feed.stopTimes())
        var count = 0
        var first: GTFSStopTime?
        while let row = try reader.next() {
            if first == nil { first = row }
            count += 1
        }
        #expect(count == 86_150)
        #expect(first == GTFSStopTime(tripID: "AFA24GEN-1038-Sunday-00_000600_1..S03R", stopID: "101S", stopSequence: 1,
                                      arrival: GTFSTime(hours: 0, minutes: 6, seconds: 0),
                                      departure: GTFSTime(hours: 0, minutes: 6, seconds: 0)))
    }

    @Test func loadsEveryFolderInSharedData() throws {
        let folders = [
            "nyc-subway-gtfs/2018-11_full-except-stop_times", "nyc-subway-gtfs/2021-11_stops-trips-only",
            "nyc-subway-gtfs/2024-12_routes-1-2-subset_with-stop_times", "nyc-subway-gtfs/2025-08_no-shapes-no-stop_times",
            "bus-gtfs/manhattan-2020-04_no-stop_times",
        ]
        for folder in folders {
            let feed = try GTFSFeed(contentsOf: SharedData.url(folder))
            #expect(!feed.stops.isEmpty, "\(folder)")
            #expect(!feed.trips.isEmpty, "\(folder)")
            if var stopTimes = try feed.stopTimes() {
                while try stopTimes.next() != nil {}
            }
        }
        let bus = try GTFSFeed(contentsOf: SharedData.url("bus-gtfs/manhattan-2020-04_no-stop_times"))
        #expect(bus.routes.count == 41)
        #expect(bus.stops.count == 1_816)
        #expect(bus.trips.count == 29_992)
        #expect(bus.shapes.count == 160)
        #expect(bus.shapes.reduce(0) { $0 + $1.points.count } == 31_067)
        #expect(bus.calendars.count == 24)
        #expect(bus.calendarDates.count == 56)
    }

    @Test func activeServicesFollowTheCalendarAndItsExceptions() throws {
        let feed = try GTFSFeed(contentsOf: SharedData.url(Self.subway2024))
        let wednesday = try #require(GTFSDate("20241218"))
        #expect(wednesday.weekday == .wednesday)
        #expect(feed.activeServiceIDs(on: wednesday) == ["Weekday"])
        // Christmas 2024 was a Wednesday run on the Sunday schedule (calendar_dates.txt).
        let christmas = try #require(GTFSDate("20241225"))
        #expect(feed.activeServiceIDs(on: christmas) == ["Sunday"])
        #expect(feed.activeServiceIDs(on: try #require(GTFSDate("20241221"))) == ["Saturday"])
        // Outside the calendar's range nothing runs.
        #expect(feed.activeServiceIDs(on: try #require(GTFSDate("20250301"))).isEmpty)
    }

    @Test func loadsTheGtfsKitZipLikeTheSameFeedUnpacked() throws {
        let zipped = try GTFSFeed(contentsOf: ZipArchiveRealDataTests.gtfsKitZip)
        let unpacked = try GTFSFeed(contentsOf: SharedData.url(Self.subway2024))
        #expect(zipped.routes.rows == unpacked.routes.rows)
        #expect(zipped.stops.rows == unpacked.stops.rows)
        #expect(zipped.trips.rows == unpacked.trips.rows)
        #expect(zipped.shapes.rows == unpacked.shapes.rows)
        #expect(zipped.calendars == unpacked.calendars)
        #expect(zipped.calendarDates == unpacked.calendarDates)
        #expect(zipped.transfers == unpacked.transfers)

        let schedule = try zipped.loadSchedule()
        #expect(schedule.calls.count == 86_150)
        // Every trip in trips.txt has calls, and every call's stop is in stops.txt.
        #expect(Set(schedule.tripIDs) == Set(zipped.trips.map { $0.id }))
        #expect(schedule.stopIDs.allSatisfy { zipped.stops.contains(id: $0) })
        let first = try #require(schedule.calls(ofTrip: "AFA24GEN-1038-Sunday-00_000600_1..S03R"))
        #expect(schedule.stopID(of: try #require(first.first)) == "101S")
        #expect(first.first?.departure == GTFSTime(hours: 0, minutes: 6, seconds: 0))
        #expect(zip(first, first.dropFirst()).allSatisfy { $0.stopSequence < $1.stopSequence })
    }

    @Test func loadsEveryPyPIDataFeed() throws {
        let pypi = SharedData.sharedRoot.appendingPathComponent("pypi-data")
        let stops2021 = try GTFSFeed(contentsOf: pypi.appendingPathComponent("nyc-subway-gtfs/2021-11_stops-trips_nyct-gtfs"))
        #expect(stops2021.stops.count == 1_497)
        #expect(stops2021.trips.count == 19_660)
        let nyctrains = try GTFSFeed(contentsOf: pypi.appendingPathComponent("nyc-subway-gtfs/2024-25_stops-full-network_nyctrains"))
        #expect(nyctrains.stops.count == 1_497)
        #expect(nyctrains.stops.filter { $0.locationType == .station }.count == 499)
        // The LIRR tables carry non-standard file names, so they are read as single tables.
        let lirr = pypi.appendingPathComponent("lirr-gtfs_nyctrains")
        var stops = try GTFSTableReader<GTFSStop>(
            source: AnyByteSource(MemoryByteSource(Data(contentsOf: lirr.appendingPathComponent("stops-lirr.txt")))), file: "stops-lirr.txt")
        var stopCount = 0
        while try stops.next() != nil { stopCount += 1 }
        #expect(stopCount == 127)
        var routes = try GTFSTableReader<GTFSRoute>(
            source: AnyByteSource(MemoryByteSource(Data(contentsOf: lirr.appendingPathComponent("routes-lirr.txt")))), file: "routes-lirr.txt")
        var coloured = 0
        while let route = try routes.next() { coloured += route.color == nil ? 0 : 1 }
        #expect(coloured == 12)
    }

    /// The full subway stop_times has about half a million rows; the real 86,150-row file served
    /// six times over (one header) streams through the reader without ever being held whole.
    @Test func streamsHalfAMillionStopTimes() throws {
        let inflated = try Inflate.decompress(SharedData.data(Self.subway2024 + "/stop_times.txt.gz"), format: .gzip)
        let headerEnd = try #require(inflated.firstIndex(of: 0x0A)) + 1
        let source = RepeatingBodySource(header: inflated[..<headerEnd], body: inflated[headerEnd...], repetitions: 6)
        var reader = try GTFSTableReader<GTFSStopTime>(source: AnyByteSource(source), file: "stop_times.txt")
        var rows = 0
        var latest = GTFSTime(secondsSinceServiceDayStart: 0)
        while let row = try reader.next() {
            rows += 1
            latest = max(latest, row.departure ?? latest)
        }
        #expect(rows == 6 * 86_150)
        #expect(reader.line == 6 * 86_150 + 1)
        #expect(latest > GTFSTime(hours: 24, minutes: 0, seconds: 0))
    }
}

/// A header followed by the same body several times, produced piece by piece on demand.
struct RepeatingBodySource: ByteSource {
    let header: Data
    let body: Data
    var repetitions: Int
    private var headerSent = false
    private var offset = 0

    init(header: Data, body: Data, repetitions: Int) {
        self.header = header
        self.body = body
        self.repetitions = repetitions
    }

    mutating func read(appendingTo buffer: inout [UInt8]) throws -> Bool {
        if !headerSent {
            headerSent = true
            buffer.append(contentsOf: header)
            return true
        }
        guard repetitions > 0 else { return false }
        let start = body.startIndex + offset
        let end = min(body.endIndex, start + 128 * 1024)
        buffer.append(contentsOf: body[start..<end])
        offset = end - body.startIndex
        if end == body.endIndex {
            offset = 0
            repetitions -= 1
        }
        return true
    }
}
