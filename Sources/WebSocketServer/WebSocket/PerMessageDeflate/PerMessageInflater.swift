import CZlib

/// A raw-DEFLATE decompressor for permessage-deflate messages (RFC 7692 §7.2.2).
///
/// Compressed bytes are fed as they arrive, so a message is never held twice and a
/// compression bomb is caught as soon as its output passes the limit, not after it has
/// been inflated: zlib is never asked for more than one byte past the limit, so refusing a
/// bomb costs the limit's worth of work, not the bomb's. At the end of each message the `00 00 ff ff` tail the sender stripped
/// is fed back.
public final class PerMessageInflater {
    /// Why a compressed message was refused.
    public enum Failure: Error, Equatable {
        /// The inflated message would exceed the limit (close with 1009).
        case tooLarge
        /// The data is not valid DEFLATE (close with 1007).
        case corrupt(String)
    }

    private let stream: UnsafeMutablePointer<z_stream>
    private let resetsAfterEachMessage: Bool
    private var scratch = [UInt8](repeating: 0, count: 16 * 1024)
    /// The sender ended its DEFLATE stream with a final block, so the stripped tail that
    /// normally follows a sync flush must not be fed back.
    private var streamEnded = false

    /// An inflater for a peer compressing with at most a `windowBits` window.
    public init?(windowBits: Int, contextTakeover: Bool) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        resetsAfterEachMessage = !contextTakeover
        // zlib silently turns a requested 8-bit compressor window into 9 bits, so a peer that
        // promised 8 may still use 9: never inflate with less.
        let bits = Int32(max(windowBits, 9))
        guard inflateInit2_(stream, -bits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            return nil
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Bytes zlib has produced since the stream last started or reset: the work done.
    var bytesInflated: Int { Int(stream.pointee.total_out) }

    /// Inflates `input` (part of a compressed message) and appends the output to `output`,
    /// failing once `output` would grow past `limit` bytes.
    public func inflate(_ input: UnsafeRawBufferPointer, appendingTo output: inout [UInt8], limit: Int) throws(Failure) {
        guard input.count > 0 else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(input.count)
        if let failure = drain(appendingTo: &output, limit: limit) { throw failure }
    }

    /// Ends the message: feeds the stripped `00 00 ff ff` tail and flushes what remains.
    public func finishMessage(appendingTo output: inout [UInt8], limit: Int) throws(Failure) {
        defer { streamEnded = false }
        guard !streamEnded else { return }
        let tail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]
        let failure = tail.withUnsafeBytes { bytes in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            stream.pointee.avail_in = 4
            return drain(appendingTo: &output, limit: limit)
        }
        if let failure { throw failure }
        if resetsAfterEachMessage {
            inflateReset(stream)
        }
    }

    /// Inflates the pending input into `output`; returns why it stopped early, or nil when all was consumed.
    private func drain(appendingTo output: inout [UInt8], limit: Int) -> Failure? {
        while true {
            // Never ask zlib for more than one byte past the limit: a bomb costs at most the
            // limit's worth of inflating, however far it would expand.
            let capacity = min(scratch.count, max(0, limit - output.count) + 1)
            let (status, produced) = scratch.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = UInt32(capacity)
                let status = CZlib.inflate(stream, Z_SYNC_FLUSH)
                return (status, capacity - Int(stream.pointee.avail_out))
            }
            if produced > 0 {
                guard output.count + produced <= limit else {
                    stream.pointee.next_in = nil
                    stream.pointee.avail_in = 0
                    return .tooLarge
                }
                output.append(contentsOf: scratch[0..<produced])
            }
            switch status {
            case Z_OK, Z_BUF_ERROR:
                streamEnded = false
                // Done once zlib has consumed all input and had room to spare.
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out != 0 { return nil }
                if status == Z_BUF_ERROR && produced == 0 { return nil }
            case Z_STREAM_END:
                // A final block ends this DEFLATE stream; anything after it starts a new one.
                inflateReset(stream)
                streamEnded = true
                if stream.pointee.avail_in == 0 { return nil }
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                stream.pointee.avail_in = 0
                return .corrupt(message)
            }
        }
    }
}
