import Testing
@testable import WebSocketServer

@Suite struct WebSocketOpcodeTests {
    @Test func controlOpcodesAreTheHighHalf() {
        #expect([WebSocketOpcode.close, .ping, .pong].allSatisfy { $0.isControl })
        #expect(![WebSocketOpcode.continuation, .text, .binary].contains { $0.isControl })
        #expect(WebSocketOpcode(rawValue: 0x3) == nil)
    }
}
