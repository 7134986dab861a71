// libFuzzer harness for TransitData's station access parsers: the MTA's entrances dataset (GeoJSON and CSV), its
// elevator and escalator list and its outage feed. Built and run by Tests/Fuzz/run.sh (not part
// of the Swift package).
import Foundation
import TransitData

private let newYork = TimeZone(identifier: "America/New_York")!

/// Byte 0 picks the parser, the rest is its input. A parse may fail, never trap; what parses holds
/// the parser's promises: at least one stop id per entrance and a finite point on the globe, every
/// outage's times finite, never more records than the input could hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAccess(_ pointer: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let data = Data(UnsafeBufferPointer(start: pointer + 1, count: size - 1))
    switch pointer[0] % 4 {
    case 0, 3:
        // 0: the GeoJSON export, 3: the CSV export, each told by content as the server tells them.
        guard let entrances = try? SubwayEntrance.entrances(document: data, file: "fuzz") else { return 0 }
        precondition(entrances.count <= data.count, "more entrances than bytes")
        for entrance in entrances {
            precondition(!entrance.stopIDs.isEmpty && !entrance.type.isEmpty, "an entrance without a stop or a type")
            precondition(abs(entrance.latitude) <= 90 && abs(entrance.longitude) <= 180, "an entrance off the globe")
            _ = entrance.isStepFree
        }
    case 1:
        guard let equipment = try? ElevatorEquipment.equipment(json: data, file: "fuzz.json") else { return 0 }
        precondition(equipment.count <= data.count, "more equipment than bytes")
        for item in equipment { precondition(!item.id.isEmpty && !item.stopIDs.isEmpty, "equipment without an id or a stop") }
    case 2:
        // Through the feed decoder, as the server reads the feed: gzip inflated within its limit.
        guard let feed = try? FeedDecoder.decodeEquipmentOutages(data, timeZone: newYork) else { return 0 }
        for outage in feed.outages {
            precondition(!outage.equipmentID.isEmpty, "an outage without equipment")
            precondition(outage.since?.isFinite ?? true, "an outage starting at no time")
            precondition(outage.until?.isFinite ?? true, "an outage ending at no time")
            _ = outage.isInEffect(at: 1_733_000_000)
        }
    default: break
    }
    return 0
}
