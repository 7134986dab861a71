/// The broadcast message of the WebSocket benchmarks: `{"type":"tick","ts":…,"seq":…,"pad":"…"}`
/// padded to a fixed size with vehicle-like records (seeded pseudo-random ids and coordinates,
/// double quotes turned into single ones so a record cut at the end stays inside the string),
/// so it compresses like transit JSON rather than like a run of one byte. The Node peer
/// server in `Tests/Benchmarks/websocket/` builds the same records with the same generator.
struct BroadcastPayload {
    private let vehicles: [UInt8]

    /// Builds the vehicle records once, sized so a whole message is about `size` bytes.
    init(size: Int) {
        var state: UInt32 = 12345
        func next() -> UInt32 {
            state = state &* 1_103_515_245 &+ 12345
            return (state >> 8) & 0xffff
        }
        var text = ""
        let room = max(0, size - 64)
        while text.utf8.count < room {
            let record = #"{"id":"v\#(next() % 5000)","route":"M\#(next() % 120)","lat":40.\#(600_000 + next() % 300_000),"lon":-73.\#(700_000 + next() % 299_999),"bearing":\#(next() % 360)},"#
            text += record
        }
        vehicles = text.utf8.prefix(room).dropLast(1).map { $0 == UInt8(ascii: "\"") ? UInt8(ascii: "'") : $0 }
    }

    /// One message, `ts` first so the load generator finds it in the head.
    func message(sequence: Int, timestamp: Int64) -> [UInt8] {
        Array(#"{"type":"tick","ts":\#(timestamp),"seq":\#(sequence),"pad":""#.utf8) + vehicles + Array("\"}".utf8)
    }

    /// The answer to a client's first message: 200 bytes of records, enough to be compressed
    /// (the threshold is 64 bytes), so a connection that negotiated permessage-deflate then
    /// holds its own compression context, as one sent any direct message would.
    func snapshot(timestamp: Int64) -> String {
        #"{"type":"snapshot","ts":\#(timestamp),"pad":""# + String(decoding: vehicles.prefix(200), as: UTF8.self) + "\"}"
    }
}
