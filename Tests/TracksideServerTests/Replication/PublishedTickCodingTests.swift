import Foundation
import Testing
import TransitData
import TransitEngine
@testable import TracksideServer

@Suite struct PublishedTickCodingTests {
    /// An entry using every member: a moving train with its motion segment and flags, a bus
    /// without optionals, removals, alerts and feed health.
    static let entry: PublishedTick = {
        var train = vehicle("A-1", lon: -73.99, lat: 40.75)
        train.trip = "A_20190601_1"
        train.direction = "N"
        train.headsign = "Inwood – 207 St"
        train.label = RouteLabel(shortName: "A Line", color: "0039A6", textColor: "FFFFFF")
        train.stop = "A27"
        train.nextStop = "A28"
        train.flags = [.stale, .notStarted]
        train.bearing = 12.345678901234
        train.motion = VehicleState.MotionSegment(path: [Coordinate(latitude: 40.75, longitude: -73.99),
                                                         Coordinate(latitude: 40.7512345, longitude: -73.9887)],
                                                  startTime: 1_559_402_900.25, endTime: 1_559_402_960.5)
        let bus = vehicle("MTA NYCT_1234", lon: -73.95, lat: 40.8, route: "M15", kind: .bus, status: .stopped)
        let alert = PublishedAlert(id: "lmm:1", routes: ["A", "C"], stations: ["A27"], json: Array(#"{"id":"lmm:1"}"#.utf8))
        let feed = FeedStatus(id: "ace", age: 12.5, isStale: true, failure: "HTTP 503", accepted: 40, duplicates: 3,
                              failures: 2, staleAfter: 90, lastFailure: "HTTP 503", lastFailureAt: 1_559_402_000)
        return PublishedTick(epoch: "0123456789abcdef", seq: 4242, term: 7, tickTime: 1_764_636_000.125,
                           feedTime: 1_559_402_905.5, isKeyframe: false, vehicles: [train, bus], removals: ["gone-1", "gone-2"],
                           alerts: [alert], alertsStale: true,
                           feedStatus: [feed, FeedStatus(id: "bdfm", age: nil, isStale: false, failure: nil, accepted: 0,
                                                         duplicates: 0, failures: 0)],
                           payloads: payloads, documents: [payloads[0]])
    }()

    /// A relayed document, the simulator's empty one, a 304 and a failed fetch of every kind, with their clocks.
    static let payloads: [RelayedPayload] = {
        let document = FeedPayload(feedID: "ace", format: .gtfsRealtime, bytes: Data([0x0a, 0x03, 0x32, 0x2e, 0x30]),
                                   origin: "replay:ace_1.pb", round: 2)
        var relayed = [RelayedPayload(document, feedTime: 1_559_402_905.5, wallTime: 1_764_636_000.125, staleAfter: 90)]
        let night = FeedPayload(feedID: "sim-vehicles", format: .gtfsRealtime, bytes: Data([0x0a, 0x00]), origin: "sim",
                                emptyIsTruthful: true)
        relayed.append(RelayedPayload(night, feedTime: 1_559_370_000, wallTime: 1_764_600_000, staleAfter: 45))
        let notModified = FeedPayload(feedID: "alerts", format: .gtfsRealtime, kind: .alerts, bytes: Data(), origin: "x",
                                      content: .notModified)
        relayed.append(RelayedPayload(notModified, feedTime: 1, wallTime: 2, staleAfter: 3))
        for kind in [FetchFailure.Kind.httpStatus(503), .timeout, .network, .emptyBody] {
            let failed = FeedPayload(feedID: "siri-vm", format: .siri, bytes: Data(), origin: "https://bustime",
                                     content: .failed(FetchFailure(kind, "why: \(kind)")))
            relayed.append(RelayedPayload(failed, feedTime: 4, wallTime: 5, staleAfter: 6))
        }
        return relayed
    }()

    @Test func anEntryDecodesToItselfAndItsVehiclesWriteTheSameJSON() throws {
        let decoded = try PublishedTick(decoding: Self.entry.encoded)
        #expect(decoded == Self.entry)
        for (original, copy) in zip(Self.entry.vehicles, decoded.vehicles) {
            #expect(PublishedVehicle(copy, grid: .standard).json == PublishedVehicle(original, grid: .standard).json)
        }
        let keyframe = PublishedTick(epoch: "e", seq: 1, term: 1, tickTime: 1, feedTime: nil, isKeyframe: true, vehicles: [],
                                   alerts: [])
        #expect(try PublishedTick(decoding: keyframe.encoded) == keyframe)
        #expect(Self.entry.streamID == "7-4242")
    }

    @Test func everyTruncationIsRefused() throws {
        let bytes = Self.entry.encoded
        for length in 0..<bytes.count {
            #expect(throws: PublishedTick.DecodingError.self, "cut at \(length) of \(bytes.count)") {
                try PublishedTick(decoding: Array(bytes[..<length]))
            }
        }
    }

    @Test func oversizedEntriesAndTooManyVehiclesAreRefusedBeforeDecoding() throws {
        var limits = PublishedTickLimits()
        limits.maximumBytes = 64
        #expect(throws: PublishedTick.DecodingError.tooLarge(bytes: Self.entry.encoded.count, limit: 64)) {
            try PublishedTick(decoding: Self.entry.encoded, limits: limits)
        }
        limits = PublishedTickLimits()
        limits.maximumVehicles = 1
        #expect(throws: PublishedTick.DecodingError.tooMany("vehicles", count: 2, limit: 1)) {
            try PublishedTick(decoding: Self.entry.encoded, limits: limits)
        }
        limits = PublishedTickLimits()
        limits.maximumPayloads = 6
        #expect(throws: PublishedTick.DecodingError.tooMany("payloads", count: 7, limit: 6)) {
            try PublishedTick(decoding: Self.entry.encoded, limits: limits)
        }
        limits = PublishedTickLimits()
        limits.maximumAlerts = 0
        #expect(throws: PublishedTick.DecodingError.tooMany("alerts", count: 1, limit: 0)) {
            try PublishedTick(decoding: Self.entry.encoded, limits: limits)
        }
    }

    @Test func garbageAndWrongValuesAreRefusedNeverTrapped() throws {
        var generator = SplitMix64(seed: 21)
        for _ in 0..<2_000 {
            let garbage = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(throws: PublishedTick.DecodingError.self) { try PublishedTick(decoding: garbage) }
        }
        // Mutating single bytes of a real entry either fails or decodes to a well-formed entry.
        let bytes = Self.entry.encoded
        for _ in 0..<2_000 {
            var mutated = bytes
            mutated[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            if let entry = try? PublishedTick(decoding: mutated) { #expect(entry.vehicles.count <= 2) }
        }
        // An unknown mode is refused rather than guessed.
        var writer = ProtobufWriter()
        writer.write("x", field: 1)
        writer.write("hovercraft", field: 2)
        #expect(throws: ProtobufDecodingError.self) { try StreamVehicle(protobuf: writer.bytes) }
        // So are a payload of an unknown format and a failure this version cannot name.
        for (field, value) in [(2, "xml"), (7, "http-99"), (7, "gremlins")] {
            var payload = ProtobufWriter()
            payload.write("ace", field: 1)
            payload.write("gtfsRealtime", field: 2)
            payload.write("vehicles", field: 3)
            for clock in 9...11 { payload.write(1.0, field: clock) }
            payload.write(value, field: field)
            #expect(throws: ProtobufDecodingError.self, "\(value)") { try WireRelayedPayload(protobuf: payload.bytes) }
        }
    }

    @Test func fieldsAnOlderEdgeDoesNotKnowAreSkipped() throws {
        var bytes = Self.entry.encoded
        var extra = ProtobufWriter()
        extra.write("from a newer engine", field: 40)
        bytes.insert(contentsOf: extra.bytes, at: 0)
        #expect(try PublishedTick(decoding: bytes) == Self.entry)
    }
}
