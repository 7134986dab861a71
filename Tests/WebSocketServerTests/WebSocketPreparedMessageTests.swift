import Testing
import WebSocketServer

@Suite struct WebSocketPreparedMessageTests {
    private let start = ContinuousClock.now
    private let text = String(repeating: "{\"vehicle\":\"1234\",\"route\":\"M15\",\"bearing\":270}", count: 40)

    private func connection(_ parameters: PerMessageDeflateParameters?) -> WebSocketStateMachine {
        WebSocketStateMachine(configuration: WebSocketConfiguration(), compression: parameters, now: start)
    }

    private func parameters(noContextTakeover: Bool, windowBits: Int = 12) -> PerMessageDeflateParameters {
        PerMessageDeflateParameters(serverNoContextTakeover: noContextTakeover, clientNoContextTakeover: false,
                                    serverMaxWindowBits: windowBits, clientMaxWindowBits: 15)
    }

    @Test func framesAreBuiltOnceAndSharedByEveryEligibleConnection() throws {
        let prepared = WebSocketPreparedMessage(text: text, compression: PerMessageDeflateConfiguration())
        let compressed = try #require(prepared.compressedFrame)
        #expect(compressed.count < prepared.uncompressedFrame.count / 5)
        var plain = connection(nil)
        var sharing = connection(parameters(noContextTakeover: true))
        #expect(plain.frame(prepared: prepared) == prepared.uncompressedFrame)
        let sharedResult = sharing.frame(prepared: prepared)
        let shared = try #require(sharedResult)
        #expect(shared == compressed)
        // Same storage, not a copy: the frame is shared immutably.
        #expect(shared.withUnsafeBufferPointer { $0.baseAddress } == compressed.withUnsafeBufferPointer { $0.baseAddress })
    }

    private func storage(_ bytes: [UInt8]?) -> UnsafePointer<UInt8>? {
        bytes?.withUnsafeBufferPointer { $0.baseAddress }
    }

    @Test func contextTakeoverConnectionsCompressThemselvesWithTheirContext() throws {
        let prepared = WebSocketPreparedMessage(text: text, compression: PerMessageDeflateConfiguration())
        var own = connection(parameters(noContextTakeover: false))
        let firstResult = own.frame(prepared: prepared)
        let secondResult = own.frame(prepared: prepared)
        let first = try #require(firstResult)
        let second = try #require(secondResult)
        #expect(first[0] == 0xC1 && second[0] == 0xC1)
        #expect(storage(first) != storage(prepared.compressedFrame))
        // The second copy refers back into the kept window, so it is far smaller than the first.
        #expect(second.count < first.count / 2)
    }

    @Test func smallerWindowConnectionsCompressThemselves() throws {
        let prepared = WebSocketPreparedMessage(text: text, compression: PerMessageDeflateConfiguration())
        var narrow = connection(parameters(noContextTakeover: true, windowBits: 9))
        let result = narrow.frame(prepared: prepared)
        let frame = try #require(result)
        #expect(frame[0] == 0xC1 && storage(frame) != storage(prepared.compressedFrame))
    }

    @Test func utf8BytesPrepareTheSameFramesAsAString() {
        let fromString = WebSocketPreparedMessage(text: text, compression: PerMessageDeflateConfiguration())
        let fromBytes = WebSocketPreparedMessage(utf8Text: Array(text.utf8), compression: PerMessageDeflateConfiguration())
        #expect(fromBytes.uncompressedFrame == fromString.uncompressedFrame)
        #expect(fromBytes.compressedFrame == fromString.compressedFrame && fromBytes.opcode == .text)
    }

    @Test func smallMessagesAreNeverCompressed() {
        let prepared = WebSocketPreparedMessage(text: "{}", compression: PerMessageDeflateConfiguration())
        var sharing = connection(parameters(noContextTakeover: true))
        #expect(prepared.compressedFrame == nil)
        #expect(sharing.frame(prepared: prepared) == prepared.uncompressedFrame)
    }

    @Test func closingConnectionsGetNoFrame() {
        let prepared = WebSocketPreparedMessage(binary: [1, 2, 3], compression: nil)
        var closing = connection(nil)
        _ = closing.close(code: .normalClosure, now: start)
        #expect(closing.frame(prepared: prepared) == nil)
    }
}
