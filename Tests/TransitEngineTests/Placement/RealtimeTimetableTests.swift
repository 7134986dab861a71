import Foundation
import Testing
import TestSupport
import TransitData
@testable import TransitEngine

/// Trip updates read against the static timetable by the GTFS-realtime reference's rules, on a
/// three-stop bus trip built by hand (Pacific/Auckland, 2016-05-19, 08:00 / 08:10 / 08:20).
@Suite struct RealtimeTimetableTests {
    typealias RT = GTFSRealtime
    typealias Update = RT.TripUpdate.StopTimeUpdate

    static let zone = TimeZone(identifier: "Pacific/Auckland")!
    /// 2016-05-19 00:00 in Auckland (NZST, +12).
    static let day = 1_463_572_800.0

    static let feed: GTFSFeed = try! GTFSFeed(contentsOf: TemporaryFolder.with([
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nAT,Auckland Transport,https://at.govt.nz,Pacific/Auckland\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nR1,005,Britomart to Pt Chevalier,3\nF1,,Devonport Ferry,4\n",
        "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\n8001,A,-36.84,174.76\n8002,B,-36.85,174.75\n8003,C,-36.86,174.74\n",
        "trips.txt": "route_id,service_id,trip_id,direction_id,trip_headsign\nR1,S,T1,0,Pt Chevalier\n",
        "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,1,1,20160501,20160601\n",
        "stop_times.txt": """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            T1,08:00:00,08:00:00,8001,1
            T1,08:10:00,08:10:30,8002,2
            T1,08:20:00,08:20:00,8003,3
            """,
    ]))
    static let timetable = RealtimeTimetable(schedule: try! feed.loadSchedule(), timeZone: zone)

    static func at(_ hour: Int, _ minute: Int, _ second: Int = 0) -> Double {
        day + Double(hour * 3600 + minute * 60 + second)
    }

    func predictions(_ updates: [Update], trip: RT.TripDescriptor = RT.TripDescriptor(tripId: "T1"),
                     feedTime: Double = at(8, 5)) throws -> [StopTimePrediction] {
        try #require(Self.timetable.predictions(trip: trip, updates: updates, feedTime: feedTime))
    }

    @Test func aDelayAtAStopHoldsForTheLaterStops() throws {
        // Auckland's kind of update: the stop just left, with its delay.
        let result = try predictions([Update(stopSequence: 1, stopId: "8001", departure: .init(delay: 120))])
        #expect(result.map(\.stopID) == ["8001", "8002", "8003"])
        #expect(result[0].arrival == nil && result[0].departure == Self.at(8, 2))
        #expect(result[1].arrival == Self.at(8, 12) && result[1].departure == Self.at(8, 12, 30))
        #expect(result[2].arrival == Self.at(8, 22))
    }

    @Test func aTimeWithoutADelayGivesTheDelayCarriedOn() throws {
        let result = try predictions([Update(stopId: "8002", arrival: .init(time: Int64(Self.at(8, 9))))])
        // Matched by stop id; nothing before the first stop given; the departure takes the arrival's delay.
        #expect(result.map(\.stopID) == ["8002", "8003"])
        #expect(result[0].arrival == Self.at(8, 9) && result[0].departure == Self.at(8, 9, 30))
        #expect(result[1].arrival == Self.at(8, 19))
    }

    @Test func theNextStopGivenTakesOver() throws {
        let result = try predictions([
            Update(stopSequence: 1, departure: .init(delay: 60)),
            Update(stopSequence: 3, arrival: .init(delay: -30)),
        ])
        #expect(result.map(\.arrivalOrDeparture) == [Self.at(8, 1), Self.at(8, 11), Self.at(8, 19, 30)])
    }

    @Test func skippedStopsAreLeftOutAndCarryTheDelay() throws {
        let result = try predictions([
            Update(stopSequence: 1, departure: .init(delay: 60)),
            Update(stopSequence: 2, scheduleRelationship: .skipped),
        ])
        #expect(result.map(\.stopID) == ["8001", "8003"])
        #expect(result[1].arrival == Self.at(8, 21))
    }

    @Test func noDataStopsCarryNothingUntilTheNextStopGiven() throws {
        let result = try predictions([
            Update(stopSequence: 1, departure: .init(delay: 60)),
            Update(stopSequence: 2, scheduleRelationship: .noData),
        ])
        #expect(result.map(\.stopID) == ["8001"])
    }

    @Test func aStartTimeShiftsTheTimetable() throws {
        // A frequency-based or DUPLICATED run of T1 starting 09:00.
        let trip = RT.TripDescriptor(tripId: "T1", startTime: "09:00:00", startDate: "20160519", scheduleRelationship: .duplicated)
        let result = try predictions([Update(stopSequence: 1, departure: .init(delay: 0))], trip: trip, feedTime: Self.at(9, 1))
        #expect(result.map(\.arrivalOrDeparture) == [Self.at(9, 0), Self.at(9, 10), Self.at(9, 20)])
    }

    @Test func frequencyRunsOfOneTripAreTwoVehiclesEachOnItsOwnTimes() throws {
        // A frequency-based trip (exact_times=0) runs T1 every 30 minutes; each run names its start_time.
        let network = try Network(gtfs: [Self.feed], profile: StandardProfile())
        let runs = ["08:30:00", "09:00:00"].map { start in
            RT.FeedEntity(id: start, tripUpdate: RT.TripUpdate(
                trip: RT.TripDescriptor(tripId: "T1", startTime: start, startDate: "20160519", scheduleRelationship: .unscheduled),
                stopTimeUpdates: [Update(stopSequence: 2, arrival: .init(delay: 60))]))
        }
        let message = RT.FeedMessage(header: RT.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: UInt64(Self.at(8, 50))), entities: runs)
        let report = FeedReport(name: "frequencies", realtime: message, network: network, fetchedAt: 0)
        #expect(report.trains.map(\.vehicleID) == ["T1 20160519 08:30:00", "T1 20160519 09:00:00"])
        #expect(report.trains.map { $0.stopTimes.first?.arrival } == [Self.at(8, 41), Self.at(9, 11)])
    }

    /// T1 as a frequency-based trip, run every 30 minutes from 08:00 to 10:00.
    static func frequencyTimetable(exactTimes: Bool) -> RealtimeTimetable {
        RealtimeTimetable(schedule: try! feed.loadSchedule(), timeZone: zone, frequencies: [
            GTFSFrequency(tripID: "T1", startTime: GTFSTime("08:00:00")!, endTime: GTFSTime("10:00:00")!, headway: 1800,
                          exactTimes: exactTimes),
        ])
    }

    @Test func aFrequencyRunWithoutAStartTimeIsTheOneItsTimedEventPutsThere() throws {
        // Stop 2 (10 min into the template) reached at 09:11: the 09:01 run, which is the 09:00 run
        // one minute late where runs keep their times (exact_times 1), a run of its own where they do not.
        let update = [Update(stopSequence: 2, arrival: .init(time: Int64(Self.at(9, 11))))]
        for exact in [true, false] {
            let result = try #require(Self.frequencyTimetable(exactTimes: exact).predictions(
                trip: RT.TripDescriptor(tripId: "T1"), updates: update, feedTime: Self.at(9, 5)))
            #expect(result.map(\.stopID) == ["8002", "8003"])
            #expect(result[0].arrival == Self.at(9, 11))
            #expect(result[1].arrival == Self.at(9, 21))
            #expect(result[1].delay == (exact ? 60 : 0))
        }
    }

    @Test func aFrequencyRunWithoutAStartTimeOrATimedEventIsNotReadAgainstTheTemplate() {
        let timetable = Self.frequencyTimetable(exactTimes: true)
        // A delay alone says nothing of which run it is: never the template's 08:00 times.
        #expect(timetable.predictions(trip: RT.TripDescriptor(tripId: "T1"),
                                      updates: [Update(stopSequence: 2, arrival: .init(delay: 60))], feedTime: Self.at(9, 5)) == nil)
        // A time no window holds (14:10 at stop 2: a run at 14:00, four hours after the last) is no run.
        #expect(timetable.predictions(trip: RT.TripDescriptor(tripId: "T1"),
                                      updates: [Update(stopSequence: 2, arrival: .init(time: Int64(Self.at(14, 10))))],
                                      feedTime: Self.at(14, 5)) == nil)
        // The start_time the reference requires still decides when given.
        let given = timetable.predictions(trip: RT.TripDescriptor(tripId: "T1", startTime: "08:30:00"),
                                          updates: [Update(stopSequence: 2, arrival: .init(delay: 60))], feedTime: Self.at(8, 35))
        #expect(given?.map(\.arrival) == [Self.at(8, 41), Self.at(8, 51)])
    }

    @Test func aTripLevelDelayHoldsUntilTheFirstStopGiven() throws {
        let trip = RT.TripDescriptor(tripId: "T1", startDate: "20160519")
        let alone = try #require(Self.timetable.predictions(trip: trip, updates: [], tripDelay: 90, feedTime: Self.at(8, 5)))
        #expect(alone.map(\.arrivalOrDeparture) == [Self.at(8, 1, 30), Self.at(8, 11, 30), Self.at(8, 21, 30)])
        let then = try #require(Self.timetable.predictions(trip: trip, updates: [Update(stopSequence: 3, arrival: .init(delay: 0))],
                                                           tripDelay: 90, feedTime: Self.at(8, 5)))
        #expect(then.map(\.arrivalOrDeparture) == [Self.at(8, 1, 30), Self.at(8, 11, 30), Self.at(8, 20)])
    }

    /// A DUPLICATED copy of T1 started at 09:00 by `trip_properties` (no stop updates: it runs its
    /// timetable) is a vehicle of its own under the new trip id beside T1's own run; a vehicle
    /// descriptor's id names a vehicle when it serves one trip of the feed alone.
    @Test func duplicatedCopiesAndVehicleDescriptorsNameTheirVehicles() throws {
        let network = try Network(gtfs: [Self.feed], profile: StandardProfile())
        let message = RT.FeedMessage(header: RT.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: UInt64(Self.at(9, 5))), entities: [
            RT.FeedEntity(id: "own", tripUpdate: RT.TripUpdate(
                trip: RT.TripDescriptor(tripId: "T1", startDate: "20160519"), vehicle: RT.VehicleDescriptor(id: "bus-7"),
                stopTimeUpdates: [Update(stopSequence: 1, departure: .init(delay: 3_600))])),
            RT.FeedEntity(id: "copy", tripUpdate: RT.TripUpdate(
                trip: RT.TripDescriptor(tripId: "T1", startDate: "20160519", scheduleRelationship: .duplicated),
                tripProperties: .init(tripId: "T1-copy", startDate: "20160519", startTime: "09:00:00"))),
        ])
        let report = FeedReport(name: "dup", realtime: message, network: network, fetchedAt: 0)
        #expect(report.trains.map(\.vehicleID) == ["bus-7", "T1-copy"])
        #expect(report.trains.map(\.tripID) == ["T1", "T1"])
        #expect(report.trains[1].stopTimes.map(\.arrivalOrDeparture) == [Self.at(9, 0), Self.at(9, 10), Self.at(9, 20)])
        // NYCT's vehicles stay their trips, descriptor or not.
        let nyct = FeedReport(name: "dup", realtime: message, profile: NYCTProfile(), fetchedAt: 0)
        #expect(nyct.trains.first?.vehicleID == "T1 20160519")
    }

    @Test func theServiceDayIsTheStartDateElseTheOneNearestTheFeed() throws {
        let next = RT.TripDescriptor(tripId: "T1", startDate: "20160520")
        let update = [Update(stopSequence: 1, departure: .init(delay: 0))]
        #expect(try predictions(update, trip: next).first?.departure == Self.at(8, 0) + 86_400)
        // Just after midnight, the trip of the day that is starting (not yesterday's) is meant.
        #expect(try predictions(update, feedTime: Self.at(23, 50) - 86_400).first?.departure == Self.at(8, 0))
    }

    @Test func tripsTheTimetableLacksKeepTheFeedsTimes() {
        let added = RT.TripDescriptor(tripId: "X9", scheduleRelationship: .added)
        #expect(Self.timetable.predictions(trip: added, updates: [Update(stopId: "8001", arrival: .init(time: 1))], feedTime: 0) == nil)
        #expect(Self.timetable.predictions(trip: RT.TripDescriptor(tripId: "T1"), updates: [Update(stopId: "9999")], feedTime: 0) == nil)
    }

    @Test func reportsReadAgainstTheNetworkUseTheStaticRouteTheTimetableAndTheUpdateTime() throws {
        let network = try Network(gtfs: [Self.feed], profile: ProfileChoice.auto.profile(for: [Self.feed]))
        #expect(network.profile.name == "standard")
        #expect(network.kind(ofRoute: "R1") == .bus && network.kind(ofRoute: "F1") == .ferry)
        // Riders' names label routes; a route without a short name (or colours) is known by its id alone.
        #expect(network.label(ofRoute: "R1") == RouteLabel(shortName: "005") && network.label(ofRoute: "F1") == nil)
        let message = RT.FeedMessage(header: RT.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: UInt64(Self.at(8, 5))), entities: [
            RT.FeedEntity(id: "1", tripUpdate: RT.TripUpdate(
                trip: RT.TripDescriptor(tripId: "T1", routeId: "00502-old-version", directionId: 0),
                stopTimeUpdates: [Update(stopSequence: 1, stopId: "8001", departure: .init(delay: 120))],
                timestamp: UInt64(Self.at(8, 2)))),
            RT.FeedEntity(id: "2", tripUpdate: RT.TripUpdate(trip: RT.TripDescriptor(tripId: "T1", routeId: "R1", scheduleRelationship: .canceled))),
        ])
        let report = FeedReport(name: "auckland", realtime: message, network: network, fetchedAt: 0)
        let train = try #require(report.trains.first)
        #expect(report.trains.count == 1)
        #expect(train.routeID == "R1" && train.direction == "0" && train.reportedAt == Self.at(8, 2))
        #expect(train.stopTimes.map(\.stopID) == ["8001", "8002", "8003"])
        // Every stop ahead gets an arrival on its board.
        #expect(report.predictions(at: "8003").first?.prediction.arrival == Self.at(8, 22))
    }
}

extension RealtimeTimetableTests {
    /// A CANCELED trip is no vehicle, but its stops' boards show it at its scheduled times as cancelled until then.
    @Test func cancelledTripsAreNoVehiclesButBoardsShowThemCancelledAtTheirScheduledTimes() throws {
        let network = try Network(gtfs: [Self.feed], profile: StandardProfile())
        let message = RT.FeedMessage(header: RT.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: UInt64(Self.at(8, 5))), entities: [
            RT.FeedEntity(id: "1", tripUpdate: RT.TripUpdate(trip: RT.TripDescriptor(tripId: "T1", startDate: "20160519",
                                                                                    scheduleRelationship: .canceled))),
            // A trip the timetable lacks has no times to show.
            RT.FeedEntity(id: "2", tripUpdate: RT.TripUpdate(trip: RT.TripDescriptor(tripId: "X9", scheduleRelationship: .canceled))),
        ])
        let report = FeedReport(name: "auckland", realtime: message, network: network, fetchedAt: 0)
        #expect(report.trains.isEmpty)
        #expect(report.cancelledTrips.map(\.tripID) == ["T1"])
        #expect(report.cancellations(at: "8002").map(\.prediction.arrival) == [Self.at(8, 10)])
        let stop = try #require(network.busStops.first { $0.id == "8002" })
        let board = ArrivalBoard(busStop: stop, network: network, feeds: FeedSnapshot([report]), now: Self.at(8, 9, 30))
        let arrival = try #require(board.groups.first?.arrivals.first)
        #expect(arrival.isCancelled && !arrival.isDue && arrival.time == Self.at(8, 10) && arrival.minutes == 0)
        #expect(board.signRows(count: 1).map(\.text) == ["005 Pt Chevalier  Cancelled"])
        // Gone once its scheduled departure has passed; never shown at its last stop (no departure there).
        #expect(ArrivalBoard(busStop: stop, network: network, feeds: FeedSnapshot([report]), now: Self.at(8, 11)).groups.isEmpty)
        let last = try #require(network.busStops.first { $0.id == "8003" })
        #expect(ArrivalBoard(busStop: last, network: network, feeds: FeedSnapshot([report]), now: Self.at(8, 5)).groups.isEmpty)
    }
}

extension RealtimeTimetableTests {
    /// Without shapes.txt (this network has none) a trip runs from stop to stop by its predictions: on the straight
    /// line between the stop it left and the next, as far as the times say, and standing at a stop between its
    /// arrival and departure; an ADDED trip the timetable lacks likewise, by the feed's own times.
    @Test func tripsWithoutAShapeRunStraightFromStopToStopByTheirTimes() throws {
        let network = try Network(gtfs: [Self.feed], profile: StandardProfile())
        #expect(network.shapes.isEmpty)
        let first = Update(stopSequence: 1, stopId: "8001", departure: .init(delay: 0))
        let added = RT.TripUpdate(trip: RT.TripDescriptor(tripId: "X9", routeId: "R1", scheduleRelationship: .added), stopTimeUpdates: [
            Update(stopId: "8003", arrival: .init(time: Int64(Self.at(8, 4))), departure: .init(time: Int64(Self.at(8, 4)))),
            Update(stopId: "8001", arrival: .init(time: Int64(Self.at(8, 14))), departure: .init(time: Int64(Self.at(8, 14)))),
        ])
        func states(at now: Double) -> [String: VehicleState] {
            let message = RT.FeedMessage(header: RT.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: UInt64(now)), entities: [
                RT.FeedEntity(id: "1", tripUpdate: RT.TripUpdate(trip: RT.TripDescriptor(tripId: "T1"), stopTimeUpdates: [first])),
                RT.FeedEntity(id: "2", tripUpdate: added),
            ])
            let report = FeedReport(name: "auckland", realtime: message, network: network, fetchedAt: now)
            return Dictionary(uniqueKeysWithValues: PlacementEngine(network: network).place(FeedSnapshot([report]), at: now).states.map { ($0.id, $0) })
        }
        // 08:05, halfway from A (left 08:00) to B (due 08:10); the added trip 1/10 of the way from C to A.
        let halfway = states(at: Self.at(8, 5))
        let bus = try #require(halfway["T1"])
        #expect(bus.status == .moving && bus.stop == "8001" && bus.nextStop == "8002" && bus.source == .inferred)
        #expect(abs(bus.position.latitude - -36.845) < 1e-6 && abs(bus.position.longitude - 174.755) < 1e-6)
        #expect(bus.motion?.endTime == Self.at(8, 10) && bus.motion?.path.last == Coordinate(latitude: -36.85, longitude: 174.75))
        #expect(bus.bearing > 180 && bus.bearing < 270)  // south-west
        let extra = try #require(halfway["X9"])
        #expect(extra.stop == "8003" && extra.nextStop == "8001" && abs(extra.position.latitude - -36.858) < 1e-6)
        // 08:10:15: standing at B until its departure at 08:10:30.
        let standing = try #require(states(at: Self.at(8, 10, 15))["T1"])
        #expect(standing.status == .stopped && standing.stop == "8002" && standing.position == Coordinate(latitude: -36.85, longitude: 174.75))
        // Past its last stop: gone.
        #expect(states(at: Self.at(8, 21))["T1"] == nil)
    }

    /// `trip_properties.shape_id` (an ADDED or DUPLICATED trip's, or a detour's) wins over the static trip's shape.
    @Test func aShapeTheFeedNamesWinsOverTheStaticTripsShape() throws {
        let a = Coordinate(latitude: -36.84, longitude: 174.76), b = Coordinate(latitude: -36.85, longitude: 174.75)
        let network = Network(routes: [NetworkRoute(id: "R1", shortName: "005", type: 3)], stops: [],
                              trips: [NetworkTrip(id: "T1", routeID: "R1", shapeID: "main")],
                              shapePoints: ["main": [a, b], "detour": [a, Coordinate(latitude: -36.845, longitude: 174.74), b]])
        let detour = try #require(network.shapeIndex["detour"]), main = try #require(network.shapeIndex["main"])
        #expect(network.shape(forTrip: "T1", routeID: "R1", direction: nil, stops: [])?.shapeIndex == main)
        #expect(network.shape(forTrip: "T1", routeID: "R1", direction: nil, stops: [], given: "detour") == ShapeMatch(shapeIndex: detour, quality: .exact))
        #expect(network.shape(forTrip: "T1", routeID: "R1", direction: nil, stops: [], given: "unknown")?.shapeIndex == main)
        // A named shape is taken while it passes a stop the trip reports; one passing none cannot place the trip, and
        // its static shape stands (the vehicle is not lost to a wrong id).
        let stopped = Network(routes: [NetworkRoute(id: "R1", shortName: "005", type: 3)],
                              stops: [NetworkStop(id: "A", name: "A", coordinate: a), NetworkStop(id: "B", name: "B", coordinate: b)],
                              trips: [NetworkTrip(id: "T1", routeID: "R1", shapeID: "main")],
                              shapePoints: ["main": [a, b], "detour": [a, Coordinate(latitude: -36.845, longitude: 174.74), b],
                                            "elsewhere": [Coordinate(latitude: -36.9, longitude: 174.9), Coordinate(latitude: -36.91, longitude: 174.91)]])
        #expect(stopped.shape(forTrip: "T1", routeID: "R1", direction: nil, stops: ["B"], given: "detour")?.shapeIndex == stopped.shapeIndex["detour"])
        #expect(stopped.shape(forTrip: "T1", routeID: "R1", direction: nil, stops: ["B"], given: "elsewhere")?.shapeIndex == stopped.shapeIndex["main"])
        let message = RT.FeedMessage(header: RT.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: 1), entities: [
            RT.FeedEntity(id: "1", tripUpdate: RT.TripUpdate(trip: RT.TripDescriptor(tripId: "T1", scheduleRelationship: .duplicated),
                                                             tripProperties: .init(tripId: "T1-copy", shapeId: "detour"))),
        ])
        #expect(FeedReport(name: "rt", realtime: message, network: network, fetchedAt: 1).trains.map(\.shapeID) == ["detour"])
    }
}

/// Which profile reads a network, and what a `route_type` is.
@Suite struct ProfileAndModeTests {
    @Test func nyctRulesOnlyForNewYorkCityTransit() throws {
        let nyct = GTFSFeed(agencies: [GTFSAgency(id: "MTA NYCT", name: "MTA New York City Transit", url: "http://www.mta.info",
                                                  timeZoneIdentifier: "America/New_York")])
        let cairns = GTFSFeed(agencies: [GTFSAgency(id: nil, name: "Sunbus Cairns", url: "http://www.sunbus.com.au",
                                                    timeZoneIdentifier: "Australia/Brisbane")])
        #expect(ProfileChoice.auto.profile(for: [nyct]).name == "nyct")
        #expect(ProfileChoice.auto.profile(for: [cairns]).name == "standard")
        #expect(ProfileChoice.nyct.profile(for: [cairns]).name == "nyct")
        #expect(ProfileChoice.standard.profile(for: [nyct]).name == "standard")
        // A partial NYCT feed without agency.txt is told by its trip ids naming shapes.
        let partial = GTFSFeed(trips: [GTFSTrip(id: "A20111204SAT_021150_2..N08R", routeID: "2", serviceID: "SAT")])
        #expect(ProfileChoice.auto.profile(for: [partial]).name == "nyct")
        #expect(ProfileChoice.auto.profile(for: [GTFSFeed(trips: [GTFSTrip(id: "8803145", routeID: "1", serviceID: "W")])]).name == "standard")
    }

    @Test func theStandardProfileUsesStopIDsAsGiven() {
        #expect(StandardProfile().correctedStopID("8019", routeID: "005", direction: "0") == "8019")
        #expect(NYCTProfile().correctedStopID("D04", routeID: "D", direction: "N") == "D04N")
        // Only NYC's platform ids end in their direction; another agency's "…N"/"…S" ids are names.
        #expect(NYCTProfile().direction(ofPlatform: "127N") == "N" && NYCTProfile().direction(ofPlatform: "127") == nil)
        #expect(StandardProfile().direction(ofPlatform: "CENTRALS") == nil && StandardProfile().direction(ofPlatform: "8052N") == nil)
    }

    /// A standard agency's stop `KINGSTN` ("King St North") on a board: trains grouped by their trips'
    /// `direction_id`, headed by headsign; NYC's rule would have read the id's last letter as north.
    @Test func aStandardBoardGroupsByTheTripsDirectionNotTheStopIDsLastLetter() throws {
        let stop = NetworkStop(id: "KINGSTN", name: "King St North", coordinate: Coordinate(latitude: -36.85, longitude: 174.76))
        let network = Network(routes: [NetworkRoute(id: "R1", shortName: "005", type: 3)], stops: [stop],
                              trips: [NetworkTrip(id: "T0", routeID: "R1", direction: "0", headsign: "Britomart"),
                                      NetworkTrip(id: "T1", routeID: "R1", direction: "1", headsign: "Pt Chevalier")],
                              shapePoints: [:], busStops: [BusStop(id: "KINGSTN", name: "King St North", coordinate: stop.coordinate)])
        let now = 1_463_601_600.0
        let trains = ["T0": "0", "T1": "1"].map { trip, direction in
            TrainReport(tripID: trip, routeID: "R1", direction: direction,
                        stopTimes: [StopTimePrediction(stopID: "KINGSTN", arrival: now + 300, departure: now + 300)])
        }
        let board = ArrivalBoard(busStop: network.busStops[0], network: network,
                                 feeds: FeedSnapshot([FeedReport(name: "rt", timestamp: now, trains: trains)]), now: now)
        #expect(board.groups.map(\.direction) == ["0", "1"])
        #expect(board.groups.map(\.headsign) == ["Britomart", "Pt Chevalier"])
        // Signs lead with riders' name for the route (route_short_name), not its id.
        #expect(board.signRows(count: 2).map(\.text) == ["005 Britomart  5 min", "005 Pt Chevalier  5 min"])
        #expect(board.signRows(count: 1).map(\.routeID) == ["R1"])
        // Groups carry the same label, for the clients' bullets.
        #expect(board.groups.map(\.label) == [RouteLabel(shortName: "005"), RouteLabel(shortName: "005")])
    }

    /// NYCT's signs keep their route ids: the 42 St Shuttle is `GS` there, though its short name is `S`.
    @Test func nyctSignsKeepTheirRouteIDs() {
        let platform = NetworkStop(id: "902S", name: "Times Sq", coordinate: Coordinate(latitude: 40.7553, longitude: -73.9872))
        let network = Network(routes: [NetworkRoute(id: "GS", shortName: "S", type: 1)], stops: [platform], trips: [],
                              shapePoints: [:], profile: NYCTProfile())
        let now = 1_463_601_600.0
        let shuttle = TrainReport(tripID: "GS1", routeID: "GS", direction: "S", headsign: "Grand Central",
                                  stopTimes: [StopTimePrediction(stopID: "902S", arrival: now + 120, departure: now + 150),
                                              StopTimePrediction(stopID: "901S", arrival: now + 300)])
        let board = ArrivalBoard(station: Station(id: "902S", name: "Times Sq", coordinate: platform.coordinate, platforms: [],
                                                  routes: ["GS"]),
                                 network: network, feeds: FeedSnapshot([FeedReport(name: "gs", timestamp: now, trains: [shuttle])]), now: now)
        #expect(board.groups.first?.label == nil)
        #expect(board.signRows(count: 1).map(\.text) == ["GS Grand Central  2 min"])
    }

    @Test func routeTypesNameTheModes() {
        let expected: [(Int, VehicleState.Kind?)] = [
            (0, .tram), (1, .subway), (2, .rail), (3, .bus), (4, .ferry), (5, .cableCar), (6, .gondola), (7, .funicular),
            (11, .trolleybus), (12, .monorail), (8, nil), (100, .rail), (109, .rail), (200, .bus), (400, .rail), (401, .subway),
            (405, .monorail), (700, .bus), (715, .bus), (800, .trolleybus), (900, .tram), (1000, .ferry), (1200, .ferry),
            (1300, .gondola), (1400, .funicular), (1100, nil), (1500, nil), (-1, nil),
        ]
        for (type, kind) in expected { #expect(VehicleState.Kind(routeType: type) == kind, "route_type \(type)") }
        #expect(VehicleState.Kind.cableCar.rawValue == "cable_car")
    }
}
