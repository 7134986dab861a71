// libFuzzer harness for TransitData's decoders: everything a feed publisher's bytes reach.
// Built and run by Tests/Fuzz/run.sh (not part of the Swift package).
import Foundation
import TransitData

/// Byte 0 picks the decoder, the rest is its input. A decode may fail, never trap; a GTFS-realtime
/// message that decodes must come back unchanged from its own encoding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoders(_ pointer: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: pointer + 1, count: size - 1))
    let data = Data(bytes)
    let limit = 1 << 20
    switch pointer[0] % 18 {
    case 0, 1:
        let extensions = (pointer[0] % 18 == 0 ? RealtimeFeedKind.vehicles : .alerts).extensions
        if let feed = try? GTFSRealtime.FeedMessage(protobuf: bytes, extensions: extensions) {
            let again = try? GTFSRealtime.FeedMessage(protobuf: feed.protobufBytes, extensions: extensions)
            precondition(again == feed, "re-encoding changed the feed")
        }
    case 2: _ = try? SIRIDecoder.decode(data, limit: limit)
    case 3:
        if let archive = try? ZipArchive(data: data, name: "fuzz.zip") {
            for entry in archive.entries { _ = try? archive.contents(of: entry, limit: limit) }
        }
    case 4: _ = try? Inflate.decompress(data, format: .gzip, limit: limit)
    case 5: _ = try? Inflate.decompress(data, format: .raw, limit: limit)
    case 6: readTable(GTFSStop.self, data)
    case 7: readTable(GTFSStopTime.self, data)
    case 8: readTable(GTFSTrip.self, data)
    case 9: readTable(GTFSRoute.self, data)
    case 10: readTable(GTFSShapeRow.self, data)
    case 11: readTable(GTFSCalendar.self, data)
    case 12: readTable(GTFSCalendarDate.self, data)
    case 13: readTable(GTFSTransfer.self, data)
    case 14: readTable(GTFSAgency.self, data)
    case 16: readTable(GTFSFrequency.self, data)
    case 17: readTable(GTFSPathway.self, data)
    default: _ = ISO8601Timestamp.parse(String(decoding: bytes, as: UTF8.self))
    }
    return 0
}

/// Reads every row of one GTFS table, in small pieces so records straddle reads.
private func readTable<Row: GTFSTableRow>(_ row: Row.Type, _ data: Data) {
    guard var reader = try? GTFSTableReader<Row>(source: AnyByteSource(MemoryByteSource(data, pieceSize: 64)),
                                                 file: "fuzz.txt", maximumRecordSize: 4096) else { return }
    while (try? reader.next()) != nil {}
}
