import Foundation
import Testing
@testable import TransitData

@Suite struct RealtimeRoundTripTests {
    @Test(arguments: RealtimeFeedKind.allCases)
    func randomFeedsRoundTrip(_ kind: RealtimeFeedKind) throws {
        for seed in UInt64(0)..<300 {
            var random = RandomMessages(seed: seed, kind: kind)
            let feed = GTFSRealtime.FeedMessage.random(&random)
            let bytes = feed.protobufBytes
            let decoded = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: kind.extensions)
            #expect(decoded == feed, "seed \(seed)")
            #expect(decoded.protobufBytes == bytes, "seed \(seed)")
        }
    }

    @Test func randomFeedsPrintValidJSON() throws {
        for seed in UInt64(0)..<100 {
            var random = RandomMessages(seed: seed, kind: .alerts)
            var json = JSONWriter()
            GTFSRealtime.FeedMessage.random(&random).writeJSON(to: &json)
            let object = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any]
            #expect(object?["header"] is [String: Any], "seed \(seed)")
        }
    }

    @Test func everyMessageTypeIsExercised() {
        // The generator sets each optional field half the time; over a few hundred feeds every
        // payload kind of FeedEntity must have appeared, or the property above proves little.
        var seen: Set<String> = []
        for seed in UInt64(0)..<300 {
            var random = RandomMessages(seed: seed, kind: .vehicles)
            for entity in GTFSRealtime.FeedMessage.random(&random).entities {
                if entity.tripUpdate?.stopTimeUpdates.contains(where: { $0.nyctStopTimeUpdate != nil }) == true { seen.insert("stu") }
                if entity.vehicle?.multiCarriageDetails.isEmpty == false { seen.insert("carriage") }
                if entity.alert?.image != nil { seen.insert("image") }
                if entity.shape != nil { seen.insert("shape") }
                if entity.stop?.stopName != nil { seen.insert("stop") }
                if entity.tripModifications?.modifications.isEmpty == false { seen.insert("modification") }
            }
        }
        #expect(seen == ["stu", "carriage", "image", "shape", "stop", "modification"])
    }

    @Test func repeatedSingularMessagesMerge() throws {
        // Two header extensions, as the 2017 NYCT feeds send them: protobuf merges them, so the
        // repeated field inside accumulates and the version comes from either.
        let first = GTFSRealtime.NyctFeedHeader(nyctSubwayVersion: "1.0", tripReplacementPeriods: [.init(routeId: "B")])
        let second = GTFSRealtime.NyctFeedHeader(nyctSubwayVersion: "1.0", tripReplacementPeriods: [.init(routeId: "D")])
        var header = ProtobufWriter()
        header.write("1.0", field: 1)
        header.write(first, field: 1001)
        header.write(UInt64(1_492_734_802), field: 3)
        header.write(second, field: 1001)
        var feed = ProtobufWriter()
        feed.writeTag(1, .lengthDelimited)
        feed.writeVarint(UInt64(header.bytes.count))
        var bytes = feed.bytes + header.bytes

        let decoded = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: RealtimeFeedKind.vehicles.extensions)
        #expect(decoded.header.nyctFeedHeader?.tripReplacementPeriods.map { $0.routeId } == ["B", "D"])
        #expect(decoded.header.timestamp == 1_492_734_802)

        // A required field missing from one occurrence is satisfied by the other.
        bytes = [0x0a, 0x0d, 0x0a, 0x01, 0x31, 0xca, 0x3e, 0x02, 0x12, 0x00, 0xca, 0x3e, 0x02, 0x0a, 0x00]
        let merged = try GTFSRealtime.FeedMessage(protobuf: bytes, extensions: RealtimeFeedKind.vehicles.extensions)
        #expect(merged.header.nyctFeedHeader?.nyctSubwayVersion == "")
        #expect(merged.header.nyctFeedHeader?.tripReplacementPeriods.count == 1)
    }

    @Test func missingRequiredFieldsAreNamed() {
        // A FeedMessage without its header, then an entity without its id.
        #expect(throws: ProtobufDecodingError(.missingRequiredField, at: 0, in: "FeedMessage.header")) {
            try GTFSRealtime.FeedMessage(protobuf: [])
        }
        let noID: [UInt8] = [0x0a, 0x05, 0x0a, 0x03, 0x32, 0x2e, 0x30, 0x12, 0x02, 0x10, 0x01]
        #expect(throws: ProtobufDecodingError(.missingRequiredField, at: 11, in: "FeedEntity.id")) {
            try GTFSRealtime.FeedMessage(protobuf: noID)
        }
    }

    @Test func unknownEnumValuesAreDroppedAsProto2Does() throws {
        // VehiclePosition.current_status = 9, which the schema does not list.
        let vehicle: [UInt8] = [0x20, 0x09]
        let decoded = try GTFSRealtime.VehiclePosition(protobuf: vehicle)
        #expect(decoded.currentStatus == nil)
    }

    @Test func extensionsOutsideTheRegistryAreSkipped() throws {
        let trip = GTFSRealtime.TripDescriptor(tripId: "t", nyctTripDescriptor: .init(trainId: "06 0123+ PEL/BBR"))
        let bytes = trip.protobufBytes
        #expect(try GTFSRealtime.TripDescriptor(protobuf: bytes).nyctTripDescriptor == nil)
        #expect(try GTFSRealtime.TripDescriptor(protobuf: bytes, extensions: RealtimeFeedKind.alerts.extensions)
            .nyctTripDescriptor == nil)
        #expect(try GTFSRealtime.TripDescriptor(protobuf: bytes, extensions: RealtimeFeedKind.vehicles.extensions) == trip)
    }
}
