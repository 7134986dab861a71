import Dispatch
import Testing
import WebSocketServer

/// The preparer reuses compressors across messages and threads, and its frames are byte for byte
/// those of a message prepared with a fresh compressor.
@Suite struct WebSocketMessagePreparerTests {
    private func message(_ index: Int) -> [UInt8] {
        Array(String(repeating: "{\"vehicle\":\"\(index)\",\"route\":\"M15\",\"bearing\":\(index % 360)}", count: 1 + index % 30).utf8)
    }

    @Test func reusedCompressorsMakeTheFramesAFreshOneWould() {
        let compression = PerMessageDeflateConfiguration()
        let preparer = WebSocketMessagePreparer(compression: compression)
        for index in 0..<200 {
            let reused = preparer.prepare(utf8Text: message(index))
            let fresh = WebSocketPreparedMessage(utf8Text: message(index), compression: compression)
            #expect(reused.compressedFrame == fresh.compressedFrame)
            #expect(reused.uncompressedFrame == fresh.uncompressedFrame)
            #expect(reused.isCompressionPrepared && reused.compressionWindowBits == 12)
        }
        // One after another: one compressor, made once and reused.
        #expect(preparer.idleCompressors == 1)
    }

    @Test func threadsAtOnceEachBorrowTheirOwnCompressor() {
        let compression = PerMessageDeflateConfiguration()
        let preparer = WebSocketMessagePreparer(compression: compression)
        let count = 400
        let frames = (0..<count).map { _ in MessageBox() }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in stride(from: thread, to: count, by: 4) { frames[index].set(preparer.prepare(utf8Text: message(index))) }
        }
        for index in 0..<count {
            #expect(frames[index].message?.compressedFrame
                    == WebSocketPreparedMessage(utf8Text: message(index), compression: compression).compressedFrame)
        }
        #expect((1...4).contains(preparer.idleCompressors))
    }

    @Test func withoutCompressionAndUnderTheThresholdNoCompressorIsMade() {
        let plain = WebSocketMessagePreparer(compression: nil).prepare(utf8Text: message(3))
        #expect(plain.compressedFrame == nil && !plain.isCompressionPrepared)
        let preparer = WebSocketMessagePreparer(compression: PerMessageDeflateConfiguration())
        let small = preparer.prepare(utf8Text: Array("{\"type\":\"delta\"}".utf8))
        #expect(small.compressedFrame == nil && small.isCompressionPrepared)
        #expect(preparer.idleCompressors == 0)
    }
}

/// One prepared message written by one thread and read after they all finish.
private final class MessageBox: @unchecked Sendable {
    private(set) var message: WebSocketPreparedMessage?
    func set(_ message: WebSocketPreparedMessage) { self.message = message }
}
