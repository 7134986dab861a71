// libFuzzer harness for WebSocketServer's protocol code: everything a client's bytes reach.
// Built and run by Tests/Fuzz/run.sh (not part of the Swift package).
import Foundation
import WebSocketServer

/// Byte 0 picks the parser, byte 1 a variant (how the bytes are split into reads, which
/// compression was agreed), the rest is the peer's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTransport(_ pointer: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: pointer + 2, count: size - 2))
    let variant = Int(pointer[1])
    switch pointer[0] % 4 {
    case 0: parseRequests(bytes, readSize: variant + 1)
    case 1: runConnection(bytes, readSize: variant + 1, compression: nil)
    case 2:
        let agreed = PerMessageDeflateParameters(serverNoContextTakeover: variant & 1 != 0,
                                                 clientNoContextTakeover: variant & 2 != 0,
                                                 serverMaxWindowBits: 9 + (variant >> 2) % 7,
                                                 clientMaxWindowBits: 9 + (variant >> 5) % 7)
        runConnection(bytes, readSize: 1 + variant * 7, compression: agreed)
    default:
        let headerValues = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        if let offers = WebSocketExtensionOffer.parseAll(headerValues) {
            _ = PerMessageDeflateNegotiation.negotiate(offers: offers, configuration: PerMessageDeflateConfiguration())
        }
    }
    return 0
}

/// The server's defaults with a smaller message limit, so oversized messages are reached.
private let configuration: WebSocketConfiguration = {
    var configuration = WebSocketConfiguration(maximumMessageSize: 1 << 16)
    configuration.compression = PerMessageDeflateConfiguration()
    return configuration
}()

/// HTTP/1.1 requests arriving `readSize` bytes at a time, each one routed and checked as a handshake.
private func parseRequests(_ bytes: [UInt8], readSize: Int) {
    var parser = HTTPRequestParser()
    for start in stride(from: 0, to: bytes.count, by: readSize) {
        parser.append(bytes[start..<min(bytes.count, start + readSize)])
        while let event = parser.next() {
            guard case .request(let request) = event else { return }
            _ = WebSocketHandshake.accept(request, configuration: configuration)
            _ = RequestPath(raw: request.rawPath)
            _ = QueryParameters(parsing: request.rawQuery)
            _ = (request.keepAlive, request.isAPI)
        }
    }
}

/// An open WebSocket receiving `bytes` `readSize` at a time and echoing every message, as `/echo` does.
private func runConnection(_ bytes: [UInt8], readSize: Int, compression: PerMessageDeflateParameters?) {
    let now = ContinuousClock.now
    var machine = WebSocketStateMachine(configuration: configuration, compression: compression, now: now)
    for start in stride(from: 0, to: bytes.count, by: readSize) {
        for event in machine.receive(Array(bytes[start..<min(bytes.count, start + readSize)]), now: now) {
            switch event {
            case .message(.text(let text)): _ = machine.frame(text: text)
            case .message(.binary(let data)): _ = machine.frame(binary: data)
            case .closeConnection: return
            default: break
            }
        }
    }
    _ = machine.timerFired(now: now + .seconds(60))
}
