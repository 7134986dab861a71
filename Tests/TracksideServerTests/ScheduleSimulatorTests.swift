import Foundation
import Testing
import TestSupport
@testable import TracksideServer
import TransitData
import TransitEngine

/// The demo simulator on the bundled 1 and 2 line timetable (Data/, shipped in the repository).
@Suite struct ScheduleSimulatorTests {
    static let feed: GTFSFeed = {
        let data = try! BundledData(root: SharedData.repositoryRoot.appendingPathComponent("Data"))
        return try! GTFSFeed(contentsOf: data.subwayFeed)
    }()
    static let schedule = try! feed.loadSchedule()
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// 2026-11-30 (a Monday, far past the feed's calendar) at `hour`:`minute` in New York.
    static func monday(_ hour: Int, _ minute: Int = 0) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        return calendar.date(from: DateComponents(year: 2026, month: 11, day: 30, hour: hour, minute: minute))!.timeIntervalSince1970
    }

    func simulator(seed: UInt64 = 1) throws -> ScheduleSimulator {
        try ScheduleSimulator(feed: Self.feed, schedule: Self.schedule, seed: seed)
    }

    @Test func datesPastTheCalendarRunTheServiceOfTheirWeekday() throws {
        let days = ServiceDays(feed: Self.feed)
        #expect(days.serviceIDs(on: try #require(GTFSDate("20261130"))) == ["Weekday"])
        #expect(days.serviceIDs(on: try #require(GTFSDate("20261128"))) == ["Saturday"])
        #expect(days.serviceIDs(on: try #require(GTFSDate("20261129"))) == ["Sunday"])
        // Inside the calendar the feed decides, exceptions included.
        #expect(days.serviceIDs(on: try #require(GTFSDate("20241216"))) == Self.feed.activeServiceIDs(on: GTFSDate("20241216")!))
    }


    /// Auckland's kind of calendar: the timetable version that expired and the one that replaced it.
    static let versioned = try! GTFSFeed(contentsOf: TemporaryFolder.with([
        "calendar.txt": """
            service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
            Weekday-v14,1,1,1,1,1,0,0,20160417,20160518
            Weekday-v34,1,1,1,1,1,0,0,20160519,20160801
            Saturday-v34,0,0,0,0,0,1,0,20160519,20160801
            """,
    ]))

    @Test func theCalendarsRangesDecideSoTwoVersionsNeverRunTogether() throws {
        let days = ServiceDays(feed: Self.versioned)
        #expect(days.serviceIDs(on: try #require(GTFSDate("20160518"))) == ["Weekday-v14"])
        #expect(days.serviceIDs(on: try #require(GTFSDate("20160519"))) == ["Weekday-v34"])
        // Past the whole feed: the same weekday of its last week (Monday 2026-11-30 → Monday 2016-08-01).
        #expect(days.standIn(for: try #require(GTFSDate("20261130"))) == GTFSDate("20160801"))
        #expect(days.serviceIDs(on: try #require(GTFSDate("20261130"))) == ["Weekday-v34"])
        #expect(days.serviceIDs(on: try #require(GTFSDate("20261128"))) == ["Saturday-v34"])
        // Before it: the same weekday of its first week (Monday 2016-04-18).
        #expect(days.standIn(for: try #require(GTFSDate("20160104"))) == GTFSDate("20160418"))
    }
    @Test(arguments: [(0, 30), (5, 0), (8, 15), (13, 0), (17, 45), (23, 50)])
    func everyRunningTrainIsConsistent(hour: Int, minute: Int) throws {
        let now = Self.monday(hour, minute)
        let trips = try simulator().activeTrips(at: now)
        #expect(trips.count > 10, "the 1 and 2 run around the clock")
        for trip in trips {
            for (previous, next) in zip(trip.calls, trip.calls.dropFirst()) {
                #expect(previous.arrival <= previous.departure)
                #expect(previous.departure + ScheduleSimulator.minimumRun <= next.arrival)
            }
            for call in trip.calls {
                // Delays are realistic: from a minute early to a quarter of an hour late.
                #expect((-60...900).contains(call.arrival - call.scheduledArrival), "\(trip.tripID) at \(call.stopID)")
            }
            #expect(trip.isActive.contains(now))
        }
    }

    @Test func theFeedSaysWhereEachTrainIs() throws {
        let now = Self.monday(8, 15)
        let simulator = try simulator()
        let bytes = simulator.feed(at: now).protobufBytes
        let decoded = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: RealtimeFeedKind.vehicles.extensions)
        #expect(decoded.header.timestamp == UInt64(now))
        #expect(decoded.header.nyctFeedHeader?.nyctSubwayVersion == "1.0")

        let trips = Dictionary(uniqueKeysWithValues: simulator.activeTrips(at: now).map { ($0.tripID, $0) })
        let vehicles = decoded.entities.compactMap(\.vehicle)
        let updates = decoded.entities.compactMap(\.tripUpdate)
        #expect(vehicles.count == trips.count && updates.count == trips.count)
        for vehicle in vehicles {
            let trip = try #require(trips[vehicle.trip?.tripId ?? ""])
            let stopIndex = try #require(trip.calls.firstIndex { $0.stopID == vehicle.stopId })
            let call = trip.calls[stopIndex]
            switch vehicle.currentStatus {
            case .stoppedAt? where stopIndex == 0:
                // Announced at its origin before it leaves.
                #expect(now < call.departure)
            case .stoppedAt?:
                #expect(call.arrival <= now && (now < call.departure || stopIndex == trip.calls.count - 1))
            case .inTransitTo?:
                #expect(trip.calls[stopIndex - 1].departure <= now && now < call.arrival)
            default:
                Issue.record("a simulated train always has a status")
            }
            #expect(vehicle.trip?.nyctTripDescriptor?.isAssigned == true)
        }
        for update in updates {
            let times = update.stopTimeUpdates.flatMap { [$0.arrival?.time, $0.departure?.time].compactMap { $0 } }
            #expect(times == times.sorted(), "predictions run forward in time")
            // Only stops still ahead are listed; the one a train stands at keeps its (past) arrival.
            let ahead = update.stopTimeUpdates.dropFirst().compactMap { $0.arrival?.time }
                + update.stopTimeUpdates.compactMap { $0.departure?.time }
            #expect(ahead.allSatisfy { Double($0) >= now - 1 })
        }
        #expect(decoded.entities.allSatisfy { $0.alert == nil }, "the demo's alerts are a feed of their own")
    }

    /// The demo alerts as the server shows them: encoded, decoded with the Mercury extension, and
    /// turned into display alerts with the timetable's stations.
    func displayAlerts(at now: Double) throws -> [DisplayAlert] {
        let feed = try ServiceAlerts.decodeFeed(Data(try simulator().alertsFeed(at: now).protobufBytes))
        #expect(feed.header.mercuryFeedHeader?.mercuryVersion == "1.0" && feed.header.timestamp == UInt64(now))
        let lookup = AlertStationLookup(stops: Self.feed.stops)
        return ServiceAlerts.displayAlerts(from: feed, at: now, station: { lookup.station(of: $0) })
    }

    @Test func demoAlertsAreLabelledNameTheLinesAndStationsAndVaryWithTheTimeOfDay() throws {
        let morning = try displayAlerts(at: Self.monday(10, 0))
        #expect(morning.map(\.type) == ["Delays", "Stations Skipped", "Part Suspended", "Elevator Outage"])
        #expect(morning.allSatisfy { $0.header.hasPrefix("Demo alert:") })
        #expect(morning.map(\.when) == [.now, .laterToday, .tomorrow, .now])
        #expect(morning[0].routes == ["1", "2"] && morning[1].isPlanned && !morning[0].isPlanned)
        #expect(morning[0].headerSegments.contains(.route("1")) && morning[0].headerSegments.contains(.route("2")))
        // Stations are real stations of the timetable, named in the text; the elevator outage was
        // published per platform and collapsed into one alert.
        let stationIDs = Set(Self.feed.stops.filter { $0.locationType == .station }.map(\.id))
        let named = morning.flatMap(\.stations)
        #expect(!named.isEmpty && named.allSatisfy(stationIDs.contains))
        #expect(morning[3].sourceIDs.count == 2 && morning[3].sourceIDs.allSatisfy { $0.hasSuffix("#EL901") })
        let elevatorStation = try #require(Self.feed.stops[id: morning[3].stations[0]])
        #expect(morning[3].header.contains(elevatorStation.name))

        // Late in the evening the skipped stations are tomorrow's; the suspension still is too.
        #expect(try displayAlerts(at: Self.monday(21, 0)).map(\.when) == [.now, .tomorrow, .tomorrow, .now])
        // The feed stays the same within a block of hours (only the header time moves).
        let a = try simulator().alertsFeed(at: Self.monday(10, 0)).entities
        #expect(a == (try simulator().alertsFeed(at: Self.monday(10, 40)).entities))
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOtherDelays() throws {
        let now = Self.monday(17, 45)
        #expect(try simulator(seed: 7).feed(at: now).protobufBytes == simulator(seed: 7).feed(at: now).protobufBytes)
        #expect(try simulator(seed: 7).feed(at: now).protobufBytes != simulator(seed: 8).feed(at: now).protobufBytes)
    }

    @Test func trainsAfterMidnightBelongToTheServiceDayBefore() throws {
        // At 00:30 on Monday, trips timed 24:xx of Sunday's service are still running.
        let trips = try simulator().activeTrips(at: Self.monday(0, 30))
        #expect(trips.contains { $0.serviceDate == GTFSDate("20261129") })
    }

    @Test func theEnginePlacesEverySimulatedTrainOnItsTrack() throws {
        let now = Self.monday(8, 15)
        let simulator = try simulator()
        let report = FeedReport(name: "demo-subway", realtime: simulator.feed(at: now), profile: NYCTProfile(), fetchedAt: now)
        let engine = PlacementEngine(network: try Network(gtfs: [Self.feed], profile: NYCTProfile()))
        let states = engine.place(FeedSnapshot([report]), at: now).states
        #expect(states.count == simulator.activeTrips(at: now).count)
        #expect(states.allSatisfy { $0.source == .inferred && $0.headsign != nil })
        #expect(states.contains { $0.status == .moving && $0.motion != nil })
        #expect(states.contains { $0.status == .stopped })
    }

    @Test func aFeedWithoutStopTimesIsRefused() {
        #expect(throws: TracksideConfiguration.ConfigurationError.self) {
            try ScheduleSimulator(feed: Self.feed, schedule: GTFSSchedule())
        }
    }

    /// A frequency-based bus (frequencies.txt): its stop_times a 20-minute template timed at 05:00, run every
    /// 10 minutes from 08:00 to 09:00 in Auckland.
    static let frequencyBased = try! GTFSFeed(contentsOf: TemporaryFolder.with([
        "agency.txt": "agency_name,agency_url,agency_timezone\nLink,https://at.govt.nz,Pacific/Auckland\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nINN,Inner Link,,3\n",
        "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\nS1,One,-36.84,174.76\nS2,Two,-36.85,174.75\nS3,Three,-36.86,174.74\n",
        "trips.txt": "route_id,service_id,trip_id,direction_id\nINN,D,LOOP,0\n",
        "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nD,1,1,1,1,1,1,1,20260101,20271231\n",
        "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nLOOP,05:00:00,05:00:00,S1,1\nLOOP,05:10:00,05:10:00,S2,2\nLOOP,05:20:00,05:20:00,S3,3\n",
        "frequencies.txt": "trip_id,start_time,end_time,headway_secs,exact_times\nLOOP,08:00:00,09:00:00,600,1\n",
    ]))

    @Test func frequencyBasedTripsRunFromEveryStartOfTheirWindowsNeverAtTheTemplatesTimes() throws {
        let feed = Self.frequencyBased
        #expect(feed.frequencies == [GTFSFrequency(tripID: "LOOP", startTime: GTFSTime(hours: 8, minutes: 0, seconds: 0),
                                                   endTime: GTFSTime(hours: 9, minutes: 0, seconds: 0), headway: 600, exactTimes: true)])
        let simulator = try ScheduleSimulator(feed: feed, schedule: try feed.loadSchedule())
        let zone = TimeZone(identifier: "Pacific/Auckland")!
        let dayStart = try #require(GTFSDate("20261130")).serviceDayStart(in: zone).timeIntervalSince1970
        // 08:25: the 08:10 and 08:20 runs are out (and the 08:00 one if late enough); the 08:30 one is not yet announced.
        let runs = simulator.activeTrips(at: dayStart + 8 * 3600 + 25 * 60)
        let starts = Set(runs.map(\.startTime.description))
        #expect(starts.isSuperset(of: ["08:10:00", "08:20:00"]) && starts.isSubset(of: ["08:00:00", "08:10:00", "08:20:00"]))
        for run in runs {
            let start = dayStart + Double(run.startTime.secondsSinceServiceDayStart)
            // The template's offsets from the run's start: 0, 10 and 20 minutes.
            #expect(run.calls.map(\.scheduledArrival) == [start, start + 600, start + 1200])
        }
        // Each run is an entity of its own, under the trip id with its start time.
        let ids = simulator.feed(at: dayStart + 8 * 3600 + 25 * 60).entities.map(\.id)
        #expect(Set(ids).count == ids.count && ids.contains("LOOP 08:10:00#trip"))
        // Not at the template's own 05:10, nor after the window's last run (08:50) is done.
        #expect(simulator.activeTrips(at: dayStart + 5 * 3600 + 10 * 60).isEmpty)
        #expect(simulator.activeTrips(at: dayStart + 9 * 3600 + 40 * 60).isEmpty)
        #expect(simulator.activeTrips(at: dayStart + 9 * 3600 + 5 * 60).map(\.startTime.description) == ["08:50:00"])
    }

    /// Placed by the standard profile, each run is a vehicle of its own on its start time's timetable.
    @Test func frequencyRunsArePlacedAsVehiclesOfTheirOwn() throws {
        let feed = Self.frequencyBased
        let simulator = try ScheduleSimulator(feed: feed, schedule: try feed.loadSchedule())
        let now = try #require(GTFSDate("20261130")).serviceDayStart(in: TimeZone(identifier: "Pacific/Auckland")!)
            .timeIntervalSince1970 + 8 * 3600 + 25 * 60
        let network = try Network(gtfs: [feed], profile: StandardProfile())
        let report = FeedReport(name: "sim", realtime: simulator.feed(at: now), network: network, fetchedAt: now)
        let runs = simulator.activeTrips(at: now)
        #expect(Set(report.trains.map(\.vehicleID)).count == runs.count && runs.count >= 2)
        // Read against the template shifted to each run's start_time: at S3 the timetable (prediction less its
        // delay) is the run's start plus the template's 20 minutes.
        let scheduled = report.trains.compactMap { train in
            train.stopTimes.first { $0.stopID == "S3" }.flatMap { call in call.arrival.map { $0 - (call.delay ?? 0) } }
        }
        let day = now - (8 * 3600 + 25 * 60)
        #expect(Set(scheduled) == Set(runs.map { day + Double($0.startTime.secondsSinceServiceDayStart) + 1200 }))
    }
}
