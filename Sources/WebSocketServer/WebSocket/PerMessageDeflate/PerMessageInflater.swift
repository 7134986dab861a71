import Codecs

/// A raw-DEFLATE decompressor for permessage-deflate messages (RFC 7692 §7.2.2).
///
/// Compressed bytes are fed as they arrive, so a message is never held twice and a
/// compression bomb is caught as soon as its output passes the limit, not after it has
/// been inflated: the shared `Inflater` never asks zlib for more than one byte past the limit,
/// so refusing a bomb costs the limit's worth of work, not the bomb's. At the end of each
/// message the `00 00 ff ff` tail the sender stripped is fed back.
public final class PerMessageInflater {
    /// Why a compressed message was refused.
    public enum Failure: Error, Equatable {
        /// The inflated message would exceed the limit (close with 1009).
        case tooLarge
        /// The data is not valid DEFLATE (close with 1007).
        case corrupt(String)
    }

    private let inflater: Inflater
    private let resetsAfterEachMessage: Bool
    /// The sender ended its DEFLATE stream with a final block, so the stripped tail that
    /// normally follows a sync flush must not be fed back.
    private var streamEnded = false

    /// An inflater for a peer compressing with at most a `windowBits` window.
    public init?(windowBits: Int, contextTakeover: Bool) {
        // zlib silently turns a requested 8-bit compressor window into 9 bits, so a peer that
        // promised 8 may still use 9: never inflate with less.
        guard let inflater = Inflater(.raw(windowBits: max(windowBits, 9))) else { return nil }
        self.inflater = inflater
        resetsAfterEachMessage = !contextTakeover
    }

    /// Bytes zlib has produced since the stream last started or reset: the work done.
    var bytesInflated: Int { inflater.bytesInflated }

    /// Inflates `input` (part of a compressed message) and appends the output to `output`,
    /// failing once `output` would grow past `limit` bytes.
    public func inflate(_ input: UnsafeRawBufferPointer, appendingTo output: inout [UInt8], limit: Int) throws(Failure) {
        guard input.count > 0 else { return }
        if let failure = drain(input, appendingTo: &output, limit: limit) { throw failure }
    }

    /// Ends the message: feeds the stripped `00 00 ff ff` tail and flushes what remains.
    public func finishMessage(appendingTo output: inout [UInt8], limit: Int) throws(Failure) {
        defer { streamEnded = false }
        guard !streamEnded else { return }
        let tail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]
        if let failure = tail.withUnsafeBytes({ drain($0, appendingTo: &output, limit: limit) }) { throw failure }
        if resetsAfterEachMessage {
            inflater.reset()
        }
    }

    /// Inflates `input` into `output`; returns why it stopped early, or nil when all was consumed.
    private func drain(_ input: UnsafeRawBufferPointer, appendingTo output: inout [UInt8], limit: Int) -> Failure? {
        var offset = 0
        while true {
            let step: Inflater.Step
            do {
                step = try inflater.inflate(UnsafeRawBufferPointer(rebasing: input[offset...]), appendingTo: &output,
                                            budget: limit - output.count)
            } catch {
                switch error {
                case .tooLarge: return .tooLarge
                case .corrupt(let message): return .corrupt(message)
                }
            }
            offset += step.consumed
            if step.ended {
                // A final block ends this DEFLATE stream; anything after it starts a new one.
                inflater.reset()
                streamEnded = true
                if offset == input.count { return nil }
            } else {
                streamEnded = false
                // Done once zlib has consumed all input and had room to spare, or can do nothing more.
                if (offset == input.count && !step.filled) || !step.progressed { return nil }
            }
        }
    }
}
