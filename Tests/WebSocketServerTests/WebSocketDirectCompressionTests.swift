import Testing
@testable import WebSocketServer

/// Direct (not prepared) messages on a compressing connection: the compressor is kept only
/// when context takeover needs it.
@Suite struct WebSocketDirectCompressionTests {
    private let start = ContinuousClock.now
    private let snapshot = String(repeating: "{'id':'v17','route':'M15','lat':40.71,'lon':-73.99},", count: 4)

    private func connection(noContextTakeover: Bool) -> WebSocketStateMachine {
        let parameters = PerMessageDeflateParameters(serverNoContextTakeover: noContextTakeover, clientNoContextTakeover: false,
                                                     serverMaxWindowBits: 12, clientMaxWindowBits: 15)
        return WebSocketStateMachine(configuration: WebSocketConfiguration(), compression: parameters, now: start)
    }

    @Test func withoutContextTakeoverTheCompressorIsReleasedAfterEachMessage() throws {
        var machine = connection(noContextTakeover: true)
        let firstResult = machine.frame(text: snapshot)
        let first = try #require(firstResult)
        #expect(first[0] == 0xC1)  // FIN, RSV1 (compressed), text
        #expect(first.count < snapshot.utf8.count)
        #expect(machine.deflater == nil)
        // Each message stands alone, so a fresh compressor makes the same bytes.
        #expect(machine.frame(text: snapshot) == first)
        #expect(machine.deflater == nil)
    }

    @Test func withContextTakeoverTheCompressorIsKept() throws {
        var machine = connection(noContextTakeover: false)
        let firstResult = machine.frame(text: snapshot)
        let first = try #require(firstResult)
        #expect(machine.deflater != nil)
        // The second message refers back to the first through the kept window.
        let secondResult = machine.frame(text: snapshot)
        let second = try #require(secondResult)
        #expect(second.count < first.count)
    }
}
