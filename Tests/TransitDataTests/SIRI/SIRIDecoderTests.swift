import Foundation
import Testing
@testable import TransitData
import TestSupport

@Suite struct SIRIDecoderTests {
    /// One bus in the Bus Time v1 (SIRI 1.3) JSON shape, as in the 2017 snapshots.
    static let version1 = #"""
    {"Siri":{"ServiceDelivery":{"ResponseTimestamp":"2017-02-25T15:42:33.865-05:00","VehicleMonitoringDelivery":[
    {"VehicleActivity":[{"MonitoredVehicleJourney":{"LineRef":"MTA NYCT_M2","DirectionRef":"1",
    "FramedVehicleJourneyRef":{"DataFrameRef":"2017-02-25","DatedVehicleJourneyRef":"MTA NYCT_MV_A7-Saturday-088300_M2_132"},
    "JourneyPatternRef":"MTA_M020174","PublishedLineName":"M2","OperatorRef":"MTA NYCT","OriginRef":"MTA_903049",
    "DestinationRef":"MTA_403793","DestinationName":"LTD EAST VILLAGE 8 ST via 5 AV",
    "SituationRef":[{"SituationSimpleRef":"MTA NYCT_77041"}],"Monitored":true,
    "VehicleLocation":{"Longitude":-73.96299,"Latitude":40.778005},"Bearing":233.91893,"ProgressRate":"normalProgress",
    "ProgressStatus":"layover prevTrip","OriginAimedDepartureTime":"2017-02-25T15:50:00.000-05:00",
    "BlockRef":"MTA NYCT_MV_A7-Saturday_A_MV_22680_M2-106","VehicleRef":"MTA NYCT_3846",
    "MonitoredCall":{"ExpectedArrivalTime":"2017-02-25T15:43:51.199-05:00","ExpectedDepartureTime":"2017-02-25T15:43:51.199-05:00",
    "Extensions":{"Distances":{"PresentableDistance":"< 1 stop away","DistanceFromCall":227.41,"StopsFromCall":0,"CallDistanceAlongRoute":8962.5}},
    "StopPointRef":"MTA_404303","VisitNumber":1,"StopPointName":"5 AV/EAST 78 ST"},
    "OnwardCalls":{"OnwardCall":[{"StopPointRef":"MTA_404304","VisitNumber":1,"StopPointName":"5 AV/EAST 72 ST",
    "Extensions":{"Distances":{"PresentableDistance":"1 stop away","DistanceFromCall":600.5,"StopsFromCall":1,"CallDistanceAlongRoute":9335.6}}}]}},
    "RecordedAtTime":"2017-02-25T15:42:12.000-05:00"}],
    "ResponseTimestamp":"2017-02-25T15:42:33.865-05:00","ValidUntil":"2017-02-25T15:43:33.865-05:00"}],
    "SituationExchangeDelivery":[{"Situations":{"PtSituationElement":[{"PublicationWindow":{"StartTime":"2017-02-24T10:00:00.000-05:00"},
    "Severity":"undefined","Summary":"Detour","Description":"Buses detoured via Madison Av","SituationNumber":"MTA NYCT_77041",
    "CreationTime":"2017-02-24T09:00:00.000-05:00","Affects":{"VehicleJourneys":{"AffectedVehicleJourney":[{"LineRef":"MTA NYCT_M2","DirectionRef":"1"}]}},
    "Consequences":{"Consequence":[{"Condition":"diverted"}]}}]}}]}}}
    """#

    /// The same bus in the Bus Time v2 (SIRI 2.0) shape: names are lists, distances sit on the
    /// call, and deliveries may be bare objects.
    static let version2 = #"""
    {"Siri":{"ServiceDelivery":{"ResponseTimestamp":"2017-02-25T15:42:33.865-05:00","VehicleMonitoringDelivery":
    {"VehicleActivity":[{"MonitoredVehicleJourney":{"LineRef":"MTA NYCT_M2","DirectionRef":"1",
    "FramedVehicleJourneyRef":{"DataFrameRef":"2017-02-25","DatedVehicleJourneyRef":"MTA NYCT_MV_A7-Saturday-088300_M2_132"},
    "JourneyPatternRef":"MTA_M020174","PublishedLineName":["M2"],"OperatorRef":"MTA NYCT","OriginRef":"MTA_903049",
    "DestinationRef":"MTA_403793","DestinationName":["LTD EAST VILLAGE 8 ST via 5 AV"],"Monitored":true,
    "VehicleLocation":{"Longitude":-73.96299,"Latitude":40.778005},"Bearing":233.91893,"ProgressRate":"normalProgress",
    "VehicleRef":"MTA NYCT_3846","MonitoredCall":{"AimedArrivalTime":"2017-02-25T15:43:00.000-05:00",
    "ExpectedArrivalTime":"2017-02-25T15:43:51.199-05:00","ArrivalProximityText":"< 1 stop away","DistanceFromStop":227,
    "NumberOfStopsAway":0,"StopPointRef":"MTA_404303","VisitNumber":1,"StopPointName":["5 AV/EAST 78 ST"]},"OnwardCalls":{}},
    "RecordedAtTime":"2017-02-25T15:42:12.000-05:00"}]}}}}
    """#

    /// Decodes `json` as UTF-8.
    static func decode(_ json: String) throws -> SIRIServiceDelivery {
        try SIRIDecoder.decode(Data(json.utf8))
    }

    @Test func decodesEveryVersion1Member() throws {
        let delivery = try Self.decode(Self.version1)
        #expect(delivery.responseTimestamp == ISO8601Timestamp.parse("2017-02-25T15:42:33.865-05:00"))
        #expect(delivery.validUntil == ISO8601Timestamp.parse("2017-02-25T15:43:33.865-05:00"))
        #expect(delivery.skipped.isEmpty)
        let activity = try #require(delivery.vehicleActivities.first)
        #expect(activity.recordedAtTime == Date(timeIntervalSince1970: 1_488_055_332))
        let journey = activity.journey
        #expect(journey.lineRef == "MTA NYCT_M2")
        #expect(journey.routeID == "M2")
        #expect(journey.vehicleRef == "MTA NYCT_3846")
        #expect(journey.directionRef == "1")
        #expect(journey.dataFrameRef == "2017-02-25")
        #expect(journey.datedVehicleJourneyRef == "MTA NYCT_MV_A7-Saturday-088300_M2_132")
        #expect(journey.journeyPatternRef == "MTA_M020174")
        #expect(journey.publishedLineName == "M2")
        #expect(journey.destinationName == "LTD EAST VILLAGE 8 ST via 5 AV")
        #expect(journey.situationRefs == ["MTA NYCT_77041"])
        #expect(journey.monitored == true)
        #expect(journey.latitude == 40.778005)
        #expect(journey.longitude == -73.96299)
        // 233.91893° counter-clockwise from east is 216.08107° on the compass (south-west).
        #expect(abs((journey.bearing ?? 0) - 216.08107) < 1e-9)
        #expect(journey.progressRate == "normalProgress")
        #expect(journey.progressStatus == "layover prevTrip")
        #expect(journey.isOnLayover)
        #expect(journey.originAimedDepartureTime == ISO8601Timestamp.parse("2017-02-25T15:50:00-05:00"))
        #expect(journey.blockRef == "MTA NYCT_MV_A7-Saturday_A_MV_22680_M2-106")
        let call = try #require(journey.monitoredCall)
        #expect(call == SIRICall(
            stopPointRef: "MTA_404303", stopPointName: "5 AV/EAST 78 ST", visitNumber: 1,
            expectedArrivalTime: ISO8601Timestamp.parse("2017-02-25T15:43:51.199-05:00"),
            expectedDepartureTime: ISO8601Timestamp.parse("2017-02-25T15:43:51.199-05:00"),
            distances: SIRICallDistances(callDistanceAlongRoute: 8962.5, distanceFromCall: 227.41,
                                         presentableDistance: "< 1 stop away", stopsFromCall: 0)))
        #expect(journey.onwardCalls.map { $0.stopPointRef } == ["MTA_404304"])
        #expect(journey.onwardCalls.first?.distances?.stopsFromCall == 1)

        let situation = try #require(delivery.situations.first)
        #expect(situation.situationNumber == "MTA NYCT_77041")
        #expect(situation.summary == "Detour")
        #expect(situation.description == "Buses detoured via Madison Av")
        #expect(situation.severity == "undefined")
        #expect(situation.publicationStart == ISO8601Timestamp.parse("2017-02-24T10:00:00-05:00"))
        #expect(situation.publicationEnd == nil)
        #expect(situation.affected == [SIRISituation.AffectedJourney(lineRef: "MTA NYCT_M2", directionRef: "1")])
        #expect(situation.conditions == ["diverted"])
    }

    @Test func decodesTheVersion2Shape() throws {
        let delivery = try Self.decode(Self.version2)
        #expect(delivery.skipped.isEmpty)
        let journey = try #require(delivery.vehicleActivities.first?.journey)
        #expect(journey.publishedLineName == "M2")
        #expect(journey.destinationName == "LTD EAST VILLAGE 8 ST via 5 AV")
        #expect(journey.isOnLayover == false)
        let call = try #require(journey.monitoredCall)
        #expect(call.stopPointName == "5 AV/EAST 78 ST")
        #expect(call.aimedArrivalTime == ISO8601Timestamp.parse("2017-02-25T15:43:00-05:00"))
        #expect(call.distances == SIRICallDistances(distanceFromCall: 227, presentableDistance: "< 1 stop away", stopsFromCall: 0))
        #expect(journey.onwardCalls.isEmpty)
    }

    @Test func readsTheSameModelFromXML() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Siri xmlns="http://www.siri.org.uk/siri" xmlns:ns2="http://www.ifopt.org.uk/acsb"><ServiceDelivery>
            <ResponseTimestamp>2017-02-25T15:42:33.865-05:00</ResponseTimestamp>
            <VehicleMonitoringDelivery><VehicleActivity><RecordedAtTime>2017-02-25T15:42:12.000-05:00</RecordedAtTime>
            <MonitoredVehicleJourney><LineRef>MTA NYCT_M2</LineRef><DirectionRef>1</DirectionRef>
            <FramedVehicleJourneyRef><DataFrameRef>2017-02-25</DataFrameRef>
            <DatedVehicleJourneyRef>MTA NYCT_MV_A7-Saturday-088300_M2_132</DatedVehicleJourneyRef></FramedVehicleJourneyRef>
            <JourneyPatternRef>MTA_M020174</JourneyPatternRef><PublishedLineName>M2</PublishedLineName>
            <OperatorRef>MTA NYCT</OperatorRef><OriginRef>MTA_903049</OriginRef><DestinationRef>MTA_403793</DestinationRef>
            <DestinationName>LTD EAST VILLAGE 8 ST via 5 AV</DestinationName><Monitored>true</Monitored>
            <VehicleLocation><Longitude>-73.96299</Longitude><Latitude>40.778005</Latitude></VehicleLocation>
            <Bearing>233.91893</Bearing><ProgressRate>normalProgress</ProgressRate><VehicleRef>MTA NYCT_3846</VehicleRef>
            <MonitoredCall><AimedArrivalTime>2017-02-25T15:43:00.000-05:00</AimedArrivalTime>
            <ExpectedArrivalTime>2017-02-25T15:43:51.199-05:00</ExpectedArrivalTime>
            <ArrivalProximityText>&lt; 1 stop away</ArrivalProximityText><DistanceFromStop>227</DistanceFromStop>
            <NumberOfStopsAway>0</NumberOfStopsAway><StopPointRef>MTA_404303</StopPointRef><VisitNumber>1</VisitNumber>
            <StopPointName>5 AV/EAST 78 ST</StopPointName></MonitoredCall><OnwardCalls/></MonitoredVehicleJourney>
            </VehicleActivity></VehicleMonitoringDelivery></ServiceDelivery></Siri>
            """
        let fromXML = try SIRIDecoder.decode(Data(xml.utf8))
        #expect(fromXML == (try Self.decode(Self.version2)))
    }

    @Test func repeatedXMLElementsBecomeLists() throws {
        let xml = "<Siri><ServiceDelivery><VehicleMonitoringDelivery>"
            + (1...3).map { "<VehicleActivity><MonitoredVehicleJourney><LineRef>L</LineRef><VehicleRef>V\($0)</VehicleRef></MonitoredVehicleJourney></VehicleActivity>" }.joined()
            + "</VehicleMonitoringDelivery></ServiceDelivery></Siri>"
        let delivery = try SIRIDecoder.decode(Data(xml.utf8))
        #expect(delivery.vehicleActivities.map { $0.journey.vehicleRef } == ["V1", "V2", "V3"])
    }

    @Test func readsGzippedDocuments() throws {
        // `printf '{"Siri":{"ServiceDelivery":{}}}' | gzip -9n | xxd -i`
        let gzip = Data([
            0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0x0a, 0xce, 0x2c, 0xca,
            0x54, 0xb2, 0xaa, 0x56, 0x0a, 0x4e, 0x2d, 0x2a, 0xcb, 0x4c, 0x4e, 0x75, 0x49, 0xcd, 0xc9, 0x2c,
            0x4b, 0x2d, 0xaa, 0x04, 0x0a, 0xd5, 0xd6, 0xd6, 0x02, 0x00, 0x69, 0x61, 0x27, 0xd2, 0x1f, 0x00,
            0x00, 0x00,
        ])
        #expect(try SIRIDecoder.decode(gzip) == SIRIServiceDelivery())
        #expect(throws: SIRIDecodingError.self) { try SIRIDecoder.decode(gzip.prefix(30)) }
        #expect(throws: SIRIDecodingError(path: "", reason: "gzip: inflated data exceeds the limit of 10 bytes")) {
            try SIRIDecoder.decode(gzip, limit: 10)
        }
    }

    @Test func keepsAbsentOptionalMembersAsNil() throws {
        let delivery = try Self.decode(#"""
            {"Siri":{"ServiceDelivery":{"VehicleMonitoringDelivery":[{"VehicleActivity":[
            {"MonitoredVehicleJourney":{"LineRef":"MTABC_Q53","VehicleRef":"MTABC_1","Bearing":null}}]}]}}}
            """#)
        #expect(delivery.skipped.isEmpty)
        #expect(delivery.vehicleActivities == [SIRIVehicleActivity(
            recordedAtTime: nil, journey: SIRIVehicleJourney(lineRef: "MTABC_Q53", vehicleRef: "MTABC_1"))])
    }

    @Test func skipsEntriesWithMissingRefsOrWrongTypesAndSaysWhere() throws {
        let delivery = try Self.decode(#"""
            {"Siri":{"ServiceDelivery":{"VehicleMonitoringDelivery":[{"VehicleActivity":[
            {"MonitoredVehicleJourney":{"LineRef":"MTA NYCT_M1","VehicleRef":"MTA NYCT_1"}},
            {"MonitoredVehicleJourney":{"VehicleRef":"MTA NYCT_2"}},
            {"MonitoredVehicleJourney":{"LineRef":"MTA NYCT_M1","VehicleRef":"MTA NYCT_3","Bearing":"north"}},
            {"MonitoredVehicleJourney":{"LineRef":"MTA NYCT_M1","VehicleRef":"MTA NYCT_4","VehicleLocation":{"Latitude":95,"Longitude":0}}},
            {"MonitoredVehicleJourney":{"LineRef":"MTA NYCT_M1","VehicleRef":"MTA NYCT_5","Monitored":1}},
            {"MonitoredVehicleJourney":{"LineRef":"MTA NYCT_M1","VehicleRef":"MTA NYCT_6","MonitoredCall":{"StopPointRef":"S","VisitNumber":1.5}}},
            {"MonitoredVehicleJourney":{"LineRef":"MTA NYCT_M1","VehicleRef":"MTA NYCT_7"},"RecordedAtTime":"yesterday"},
            {"MonitoredVehicleJourney":{"LineRef":"MTA NYCT_M1","VehicleRef":"MTA NYCT_8","OnwardCalls":[]}},
            {"RecordedAtTime":"2017-02-25T15:42:12.000-05:00"},
            "bus",
            {"MonitoredVehicleJourney":{"LineRef":"MTA NYCT_M1","VehicleRef":"MTA NYCT_9","Bearing":true}}
            ]}]}}}
            """#)
        #expect(delivery.vehicleActivities.map { $0.journey.vehicleRef } == ["MTA NYCT_1"])
        let prefix = "Siri.ServiceDelivery.VehicleMonitoringDelivery[0].VehicleActivity"
        #expect(delivery.skipped.map { $0.description } == [
            "\(prefix)[1].MonitoredVehicleJourney.LineRef: required string is missing",
            "\(prefix)[2].MonitoredVehicleJourney.Bearing: expected a finite number, found the string 'north'",
            "\(prefix)[3].MonitoredVehicleJourney.VehicleLocation: (95.0, 0.0) is not a position on Earth",
            "\(prefix)[4].MonitoredVehicleJourney.Monitored: expected true or false, found the number 1",
            "\(prefix)[5].MonitoredVehicleJourney.MonitoredCall.VisitNumber: expected an integer, found the number 1.5",
            "\(prefix)[6].RecordedAtTime: 'yesterday' is not an ISO 8601 time with an offset",
            "\(prefix)[7].MonitoredVehicleJourney.OnwardCalls: expected an object, found a list",
            "\(prefix)[8].MonitoredVehicleJourney: required object is missing",
            "\(prefix)[9]: expected an object, found the string 'bus'",
            "\(prefix)[10].MonitoredVehicleJourney.Bearing: expected a finite number, found a boolean",
        ])
    }

    @Test func aListThatIsNotAListFailsTheDocument() {
        #expect(throws: SIRIDecodingError(path: "Siri.ServiceDelivery.VehicleMonitoringDelivery[0].VehicleActivity",
                                          reason: "expected an object, found the string 'bus'")) {
            try Self.decode(#"{"Siri":{"ServiceDelivery":{"VehicleMonitoringDelivery":[{"VehicleActivity":"bus"}]}}}"#)
        }
    }

    @Test func reportsErrorConditions() throws {
        let delivery = try Self.decode(#"""
            {"Siri":{"ServiceDelivery":{"VehicleMonitoringDelivery":[
            {"ErrorCondition":{"Description":"API key is not authorized."}},
            {"ErrorCondition":{"OtherError":{"ErrorText":"No such route: MTA NYCT_M999."}}},
            {"ErrorCondition":{}}]}}}
            """#)
        #expect(delivery.errorConditions == ["API key is not authorized.", "No such route: MTA NYCT_M999.", "unspecified error condition"])
        #expect(delivery.vehicleActivities.isEmpty)
    }

    @Test func rejectsDocumentsThatAreNotSIRI() {
        let cases: [(String, String)] = [
            ("", "empty document"),
            ("   \n", "empty document"),
            ("GTFS", "neither JSON nor XML"),
            ("[1,2]", "expected an object, found a list"),
            (#"{"siri":{}}"#, "not a SIRI document: no 'Siri' member (found: siri)"),
            ("{}", "not a SIRI document: no 'Siri' member (found: nothing)"),
            (#"{"Siri":{"VehicleMonitoringRequest":{}}}"#, "Siri: no ServiceDelivery (only service deliveries are decoded)"),
            (#"{"Siri":[]}"#, "Siri: expected an object, found a list"),
            (#"{"Siri":{"ServiceDelivery":{"ResponseTimestamp":7}}}"#, "Siri.ServiceDelivery.ResponseTimestamp: expected a string, found the number 7"),
        ]
        for (document, message) in cases {
            #expect(throws: SIRIDecodingError.self) { try Self.decode(document) }
            do {
                _ = try Self.decode(document)
            } catch {
                #expect((error as? SIRIDecodingError)?.description == message, "\(document)")
            }
        }
    }

    @Test func rejectsEveryTruncationOfJSONAndXML() throws {
        let json = Data(Self.version1.utf8)
        for length in stride(from: 0, to: json.count, by: 7) {
            #expect(throws: SIRIDecodingError.self) { try SIRIDecoder.decode(json.prefix(length)) }
        }
        let xml = Data("<Siri><ServiceDelivery><ResponseTimestamp>2017-02-25T15:42:33.865-05:00</ResponseTimestamp></ServiceDelivery></Siri>".utf8)
        for length in 0..<xml.count {
            #expect(throws: SIRIDecodingError.self) { try SIRIDecoder.decode(xml.prefix(length)) }
        }
        #expect(try SIRIDecoder.decode(xml).responseTimestamp != nil)
    }

    @Test func survivesGarbageAndCorruption() {
        var generator = SplitMix64(seed: 380)
        let original = Array(Self.version1.utf8)
        for round in 0..<300 {
            var bytes: [UInt8]
            if round % 3 == 0 {
                bytes = (0..<Int(generator.next() % 400)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                bytes = original
                for _ in 0..<(1 + Int(generator.next() % 8)) {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            // Either outcome is fine; it must come back as a value or a SIRIDecodingError.
            _ = try? SIRIDecoder.decode(Data(bytes))
        }
        #expect(throws: SIRIDecodingError.self) { try SIRIDecoder.decode(Data([0x1f, 0x8b, 0, 1, 2])) }
    }

    /// Foundation's XMLParser traps when an element name is not UTF-8 (found by fuzzing the
    /// decoder; the declared encoding does not save it), so such a document is refused first and
    /// the error says where. UTF-8 beyond ASCII still reads.
    @Test func refusesXMLThatIsNotUTF8() throws {
        // "#" stands for the byte 0xFF, "%" for 0xC3 (a lead byte left without its continuation).
        func document(_ text: String) -> Data {
            Data(text.utf8.map { $0 == UInt8(ascii: "#") ? 0xFF : $0 == UInt8(ascii: "%") ? 0xC3 : $0 })
        }
        let refused: [(String, Int)] = [
            ("<Siri><ServiceDelivery#>x</ServiceDelivery#></Siri>", 22),
            ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><Siri><a#>x</a#></Siri>", 47),
            ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><Siri><a>caf#</a></Siri>", 55),
            ("<Siri><a>x</a></Siri>%", 21),
        ]
        for (text, offset) in refused {
            #expect {
                try SIRIDecoder.decode(document(text))
            } throws: { error in
                (error as? SIRIDecodingError)?.reason == "invalid XML: not UTF-8 at byte \(offset)"
            }
        }
        let utf8 = "<Siri><ServiceDelivery><SituationExchangeDelivery><Situations><PtSituationElement>"
            + "<SituationNumber>Caf\u{E9} \u{2192} 1</SituationNumber></PtSituationElement></Situations>"
            + "</SituationExchangeDelivery></ServiceDelivery></Siri>"
        let delivery = try SIRIDecoder.decode(Data(utf8.utf8))
        #expect(delivery.situations.map(\.situationNumber) == ["Caf\u{E9} \u{2192} 1"])
    }

    @Test func convertsBearingsToCompassDegrees() {
        // east, north, west, south counter-clockwise from east → 90, 0, 270, 180 on the compass
        #expect(SIRIBearing.compassDegrees(fromCounterClockwiseEast: 0) == 90)
        #expect(SIRIBearing.compassDegrees(fromCounterClockwiseEast: 90) == 0)
        #expect(SIRIBearing.compassDegrees(fromCounterClockwiseEast: 180) == 270)
        #expect(SIRIBearing.compassDegrees(fromCounterClockwiseEast: 270) == 180)
        #expect(SIRIBearing.compassDegrees(fromCounterClockwiseEast: 360) == 90)
        #expect(SIRIBearing.compassDegrees(fromCounterClockwiseEast: -45) == 135)
        #expect(SIRIBearing.compassDegrees(fromCounterClockwiseEast: 450) == 0)
        for raw in stride(from: -720.0, through: 720, by: 0.37) {
            let compass = SIRIBearing.compassDegrees(fromCounterClockwiseEast: raw)
            #expect(compass >= 0 && compass < 360, "\(raw)")
        }
    }

    @Test func stripsAgencyPrefixes() {
        #expect(SIRIReference.localID("MTA NYCT_M15") == "M15")
        #expect(SIRIReference.localID("MTABC_Q53+") == "Q53+")
        #expect(SIRIReference.localID("MTA_404303") == "404303")
        #expect(SIRIReference.localID("MTA NYCT_MV_A7-Saturday-088300_M2_132") == "MV_A7-Saturday-088300_M2_132")
        #expect(SIRIReference.localID("B63") == "B63")
    }

    @Test func writesTheModelAsJSON() throws {
        let delivery = try Self.decode(Self.version1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(delivery.json.utf8)) as? [String: Any])
        let vehicle = try #require((object["vehicles"] as? [[String: Any]])?.first)
        #expect(vehicle["vehicle_ref"] as? String == "MTA NYCT_3846")
        #expect(vehicle["route_id"] as? String == "M2")
        #expect(vehicle["lat"] as? Double == 40.778005)
        #expect(vehicle["lon"] as? Double == -73.96299)
        #expect(vehicle["bearing"] as? Double == 216.08)
        #expect(vehicle["recorded_at"] as? Double == 1_488_055_332)
        let call = try #require(vehicle["monitored_call"] as? [String: Any])
        #expect(call["expected_arrival"] as? Double == 1_488_055_431.199)
        #expect(call["distance_from_call"] as? Double == 227.41)
        #expect((vehicle["onward_calls"] as? [Any])?.count == 1)
        #expect((object["situations"] as? [[String: Any]])?.first?["summary"] as? String == "Detour")
        #expect((object["skipped"] as? [Any])?.isEmpty == true)
    }
}
