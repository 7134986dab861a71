import Foundation
import Testing
import TestSupport
@testable import TransitData

/// Feeds written to a temporary folder (or zipped) and loaded back, including broken ones.
@Suite struct GTFSFeedLoadingTests {
    static let minimalTables: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nMTA NYCT,MTA New York City Transit,http://www.mta.info,America/New_York\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type,route_color,extra_column\n1,1,\"Broadway, 7 Av Local\",1,EE352E,ignored\n",
        "stops.txt": "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n101,Van Cortlandt Park-242 St,40.889248,-73.898583,1,\n101N,Van Cortlandt Park-242 St,40.889248,-73.898583,,101\n103N,238 St,40.884667,-73.90087,0,103\n",
        "trips.txt": "route_id,trip_id,service_id,trip_headsign,direction_id,shape_id\n1,T1,Weekday,South Ferry,1,1..S03R\n1,T2,Weekday,Van Cortlandt Park,0,\n",
        "shapes.txt": "shape_id,shape_pt_sequence,shape_pt_lat,shape_pt_lon\n1..S03R,2,40.88,-73.90\n1..S03R,0,40.889248,-73.898583\n1..S03R,1,40.884667,-73.90087\n",
        "stop_times.txt": "trip_id,stop_id,arrival_time,departure_time,stop_sequence\nT2,103N,25:00:00,25:00:30,2\nT1,101N,24:00:00,24:00:00,1\nT2,101N,24:58:00,24:58:00,1\nT1,103N,,,2\n",
        "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWeekday,1,1,1,1,1,0,0,20241215,20250117\n",
        "calendar_dates.txt": "service_id,date,exception_type\nWeekday,20241225,2\n",
        "transfers.txt": "from_stop_id,to_stop_id,transfer_type,min_transfer_time\n101,101,2,180\n",
    ]

    /// Writes `tables` into a fresh temporary folder.
    static func folder(_ tables: [String: String]) throws -> URL {
        try TemporaryFolder.with(tables)
    }

    static func zipFile(_ tables: [String: String], prefix: String = "") throws -> URL {
        let entries = tables.sorted { $0.key < $1.key }.map { ZipFixture.Entry(name: prefix + $0.key, contents: Data($0.value.utf8)) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gtfs-test-\(UUID().uuidString).zip")
        try ZipFixture(entries: entries).build().write(to: url)
        return url
    }

    static func check(_ feed: GTFSFeed) throws {
        #expect(feed.timeZone?.identifier == "America/New_York")
        let route = try #require(feed.routes[id: "1"])
        #expect(route.longName == "Broadway, 7 Av Local")
        #expect(route.color?.hex == "EE352E")
        #expect(feed.stops.map { $0.id } == ["101", "101N", "103N"])
        #expect(feed.stops[id: "101N"]?.locationType == .stopOrPlatform)
        #expect(feed.stops[id: "101"]?.locationType == .station)
        #expect(feed.trips[id: "T1"]?.shapeID == "1..S03R")
        #expect(feed.trips[id: "T2"]?.shapeID == nil)
        #expect(feed.trips[id: "T2"]?.directionID == 0)
        // Points out of order in the file come back sorted by sequence.
        #expect(feed.shapes[id: "1..S03R"]?.points.map { $0.sequence } == [0, 1, 2])
        #expect(feed.activeServiceIDs(on: try #require(GTFSDate("20241224"))) == ["Weekday"])
        #expect(feed.activeServiceIDs(on: try #require(GTFSDate("20241225"))).isEmpty)
        #expect(feed.transfers == [GTFSTransfer(fromStopID: "101", toStopID: "101", type: 2, minimumTransferTime: 180)])

        let schedule = try feed.loadSchedule()
        #expect(schedule.tripIDs == ["T2", "T1"])
        let t1 = try #require(schedule.calls(ofTrip: "T1"))
        #expect(t1.map { schedule.stopID(of: $0) } == ["101N", "103N"])
        #expect(t1.first?.arrival == GTFSTime(hours: 24, minutes: 0, seconds: 0))
        #expect(t1.last?.arrival == nil)
        let t2 = try #require(schedule.calls(ofTrip: "T2"))
        #expect(t2.map { $0.stopSequence } == [1, 2])
        #expect(t2.last?.departure == GTFSTime(hours: 25, minutes: 0, seconds: 30))
        #expect(schedule.calls(ofTrip: "T3") == nil)
    }

    @Test func loadsAFolder() throws {
        try Self.check(GTFSFeed(contentsOf: Self.folder(Self.minimalTables)))
    }

    @Test func loadsGzippedTablesInAFolder() throws {
        let folder = try Self.folder(Self.minimalTables.filter { $0.key != "stop_times.txt" })
        // `gzip` of the stop_times text, made through the zip fixture's deflater would lack the gzip wrapper,
        // so the test writes the gzip container by hand around raw deflate data.
        let text = Data(try #require(Self.minimalTables["stop_times.txt"]).utf8)
        try GzipFixture.gzip(text).write(to: folder.appendingPathComponent("stop_times.txt.gz"))
        try Self.check(GTFSFeed(contentsOf: folder))
    }

    @Test(arguments: ["", "google_transit/"])
    func loadsAZip(prefix: String) throws {
        try Self.check(GTFSFeed(contentsOf: Self.zipFile(Self.minimalTables, prefix: prefix)))
    }

    @Test func treatsAbsentTablesAsEmpty() throws {
        let feed = try GTFSFeed(contentsOf: Self.folder(["stops.txt": Self.minimalTables["stops.txt"]!]))
        #expect(feed.stops.count == 3)
        #expect(feed.routes.isEmpty && feed.trips.isEmpty && feed.shapes.isEmpty && feed.agencies.isEmpty)
        #expect(try feed.stopTimes() == nil)
        #expect(try feed.loadSchedule().calls.isEmpty)
        #expect(feed.timeZone == nil)
    }

    @Test func failsOnAMissingPath() {
        let error = #expect(throws: GTFSLoadError.self) {
            try GTFSFeed(contentsOf: URL(fileURLWithPath: "/nonexistent/feed"))
        }
        #expect(error?.description.contains("no such folder or zip file") == true)
    }

    /// A broken table fails with the file, line and column of the problem.
    @Test(arguments: [
        ("stops.txt", "stop_id,stop_name,stop_lat,stop_lon\n1,A,40.1,-73.9\n2,B,north,-73.9\n", "stops.txt:3:3 (stop_lat): expected a number, found 'north'"),
        ("stops.txt", "stop_id,stop_name,stop_lat,stop_lon\n1,A,91.0,-73.9\n", "stops.txt:2:3 (stop_lat): latitude 91.0 is outside -90…90"),
        ("stops.txt", "stop_id,stop_name,stop_lat,stop_lon,location_type\n1,A,40,-73,7\n", "stops.txt:2:5 (location_type): unknown location_type 7 (expected 0 to 4)"),
        ("stops.txt", "stop_id,stop_name,stop_lon\n1,A,-73\n", "stops.txt:1: missing required column 'stop_lat' (found: stop_id, stop_name, stop_lon)"),
        ("stops.txt", "stop_id,stop_name,stop_lat,stop_lon\n1,A,40,-73\n1,B,41,-74\n", "stops.txt:3: duplicate id '1' (first on line 2)"),
        ("stops.txt", "stop_id,stop_name,stop_lat,stop_lon\n1,\"A,40,-73\n", "stops.txt:2:2 (stop_name): quoted field is never closed"),
        ("stops.txt", "stop_id,stop_name,stop_lat,stop_lon\n1,A,40\n", "stops.txt:2: expected 4 fields as in the header, found 3"),
        ("routes.txt", "route_id,route_type,route_color\n1,1,red\n", "routes.txt:2:3 (route_color): expected a colour as six hexadecimal digits, found 'red'"),
        ("trips.txt", "route_id,service_id,trip_id,direction_id\n1,S,T,2\n", "trips.txt:2:4 (direction_id): direction_id must be 0 or 1, found 2"),
        ("calendar.txt", "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,0,0,20241301,20250101\n",
         "calendar.txt:2:9 (start_date): expected a date as YYYYMMDD, found '20241301'"),
        ("calendar_dates.txt", "service_id,date,exception_type\nS,20241225,3\n", "calendar_dates.txt:2:3 (exception_type): exception_type must be 1 or 2, found 3"),
        ("stop_times.txt", "trip_id,stop_id,arrival_time,departure_time,stop_sequence\nT,1,8:00,8:00:00,1\n",
         "stop_times.txt:2:3 (arrival_time): expected a time as HH:MM:SS, found '8:00'"),
        ("frequencies.txt", "trip_id,start_time,end_time,headway_secs\nT,08:00:00,09:00:00,0\n",
         "frequencies.txt:2:4 (headway_secs): headway_secs 0 is outside 1…86400"),
        ("frequencies.txt", "trip_id,start_time,end_time,headway_secs\nT,09:00:00,08:00:00,600\n",
         "frequencies.txt:2:3 (end_time): end_time 08:00:00 is not after start_time 09:00:00"),
        ("frequencies.txt", "trip_id,start_time,end_time,headway_secs\nT,,09:00:00,600\n",
         "frequencies.txt:2:2 (start_time): start_time is required"),
        ("frequencies.txt", "trip_id,start_time,end_time,headway_secs,exact_times\nT,08:00:00,09:00:00,600,2\n",
         "frequencies.txt:2:5 (exact_times): exact_times 2 is neither 0 nor 1"),
        ("frequencies.txt", "trip_id,start_time,end_time\nT,08:00:00,09:00:00\n",
         "frequencies.txt:1: missing required column 'headway_secs' (found: trip_id, start_time, end_time)"),
        ("pathways.txt", "pathway_id,from_stop_id,to_stop_id,pathway_mode,is_bidirectional\nL1,E1,P1,8,1\n",
         "pathways.txt:2:4 (pathway_mode): pathway_mode 8 is outside 1…7"),
        ("pathways.txt", "pathway_id,from_stop_id,to_stop_id,pathway_mode,is_bidirectional\nL1,E1,P1,5,2\n",
         "pathways.txt:2:5 (is_bidirectional): is_bidirectional 2 is neither 0 nor 1"),
        ("pathways.txt", "pathway_id,from_stop_id,to_stop_id,pathway_mode,is_bidirectional\nL1,,P1,5,1\n",
         "pathways.txt:2:2 (from_stop_id): from_stop_id is required"),
        ("pathways.txt", "pathway_id,from_stop_id,to_stop_id,pathway_mode,is_bidirectional\nL1,E1,P1,lift,1\n",
         "pathways.txt:2:4 (pathway_mode): expected an integer, found 'lift'"),
        ("pathways.txt", "pathway_id,from_stop_id,to_stop_id,pathway_mode\nL1,E1,P1,5\n",
         "pathways.txt:1: missing required column 'is_bidirectional' (found: pathway_id, from_stop_id, to_stop_id, pathway_mode)"),
    ])
    func reportsBrokenTables(file: String, text: String, message: String) throws {
        let folder = try Self.folder([file: text])
        let error = #expect(throws: CSVError.self) {
            let feed = try GTFSFeed(contentsOf: folder)
            _ = try feed.loadSchedule()
        }
        #expect(error?.description == message)
    }

    @Test func rejectsAScheduleVisitingAStopSequenceTwice() throws {
        let folder = try Self.folder(["stop_times.txt": "trip_id,stop_id,arrival_time,departure_time,stop_sequence\nT,1,08:00:00,08:00:00,1\nT,2,08:01:00,08:01:00,1\n"])
        let error = #expect(throws: GTFSLoadError.self) { try GTFSFeed(contentsOf: folder).loadSchedule() }
        #expect(error?.description == "stop_times: trip 'T' has stop_sequence 1 twice")
    }

    @Test func rejectsGarbageTables() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<50 {
            let garbage = Data((0..<Int(generator.next() % 2_000)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            let folder = try Self.folder([:])
            try garbage.write(to: folder.appendingPathComponent("stops.txt"))
            // Random bytes never contain the required stop_id, stop_lat and stop_lon header.
            #expect(throws: CSVError.self) { try GTFSFeed(contentsOf: folder) }
        }
    }

    @Test func rejectsAGzippedTableInflatingPastTheLimit() throws {
        let folder = try Self.folder(Self.minimalTables.filter { $0.key != "stops.txt" })
        let big = "stop_id,stop_name,stop_lat,stop_lon\n" + String(repeating: "1,A,40,-73\n", count: 100_000)
        try GzipFixture.gzip(Data(big.utf8)).write(to: folder.appendingPathComponent("stops.txt.gz"))
        let error = #expect(throws: CSVError.self) {
            try GTFSFeed(contentsOf: folder, limits: GTFSLimits(maximumInflatedFileSize: 100_000))
        }
        #expect(error?.file == "stops.txt.gz")
        #expect(error?.reason.contains("exceeds the limit of 100000 bytes") == true)
    }

    @Test func rejectsAZipEntryDeclaringMoreThanTheLimit() throws {
        let url = try Self.zipFile(Self.minimalTables)
        let error = #expect(throws: ZipError.self) {
            try GTFSFeed(contentsOf: url, limits: GTFSLimits(maximumInflatedFileSize: 100))
        }
        #expect(error?.reason.contains("more than the limit of 100") == true)
    }

    @Test func rejectsAFileThatIsNotAZip() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gtfs-test-\(UUID().uuidString).zip")
        try Data("stop_id,stop_name\n".utf8).write(to: url)
        #expect(throws: ZipError.self) { try GTFSFeed(contentsOf: url) }
    }
}

/// Gzip files for tests: the RFC 1952 header and trailer around raw DEFLATE data.
enum GzipFixture {
    static func gzip(_ data: Data) -> Data {
        var output = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03])
        output += ZipFixture.rawDeflate(data)
        output.appendLittleEndian(ZipFixture.crc32(data))
        output.appendLittleEndian(UInt32(truncatingIfNeeded: data.count))
        return output
    }
}
