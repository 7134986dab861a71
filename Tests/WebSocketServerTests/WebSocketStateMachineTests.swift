import Testing
import WebSocketServer

@Suite struct WebSocketStateMachineTests {
    private typealias Client = WebSocketClientFrames
    private let start = ContinuousClock.now

    private func machine(_ configuration: WebSocketConfiguration = WebSocketConfiguration(),
                         compression: PerMessageDeflateParameters? = nil) -> WebSocketStateMachine {
        WebSocketStateMachine(configuration: configuration, compression: compression, now: start)
    }

    private func run(_ bytes: [UInt8], _ configuration: WebSocketConfiguration = WebSocketConfiguration()) -> [WebSocketEvent] {
        var connection = machine(configuration)
        return connection.receive(bytes, now: start)
    }

    @Test func deliversTextAndBinaryMessages() {
        let events = run(Client.text("hello") + Client.frame(opcode: 0x2, payload: [0, 1, 255]))
        #expect(events.messages == [.text("hello"), .binary([0, 1, 255])])
        #expect(events.closeCode == nil)
    }

    @Test func receiveMessageStopsAfterEachMessageSoAnswersPrecedeLaterErrors() throws {
        let first = Client.text("one")
        let bytes = first + Client.frame(opcode: 0x1, payload: [0x41], rsv2: true)
        var connection = machine()
        let step = bytes.withUnsafeBytes { connection.receiveMessage($0, now: start) }
        #expect(step.events == [.message(.text("one"))])
        #expect(step.consumed == first.count)
        // The answer is framed while the connection is still open, then the rest fails it.
        let answerResult = connection.frame(text: "echo: one")
        let answer = try #require(answerResult)
        #expect(WebSocketClientFrames.parseServerFrames(answer).first?.payload == Array("echo: one".utf8))
        let rest = bytes[step.consumed...].withUnsafeBytes { connection.receiveMessage($0, now: start) }
        #expect(rest.events.closeCode == 1002 && rest.consumed == bytes.count - first.count)
    }

    /// A close the peer caused may be held while answers to earlier messages are framed; once
    /// released, nothing more is framed.
    @Test func aHeldCloseLetsAnswersToEarlierMessagesBeFramed() {
        var connection = machine()
        let events = connection.receive(Client.text("watch") + Client.close(code: 1000), now: start)
        #expect(events.messages == [.text("watch")] && events.sentCloseCode == 1000)
        #expect(connection.isClosed && !connection.canSendData && connection.frame(text: "late") == nil)
        connection.holdCloseForReplies()
        #expect(connection.canSendData)
        #expect(connection.frame(text: "answer") == [0x81, 6] + Array("answer".utf8))
        connection.closeReleased()
        #expect(connection.frame(text: "after the close") == nil)
        #expect(connection.receive(Client.text("ignored"), now: start).isEmpty, "nothing more is read")
    }

    @Test func byteByByteDeliveryGivesTheSameResult() {
        let bytes = Client.text("fragmented ", isFinal: false) + Client.frame(opcode: 0x9, payload: [7])
            + Client.frame(opcode: 0x0, payload: Array(String(repeating: "κ", count: 100).utf8))
        var connection = machine()
        var events: [WebSocketEvent] = []
        for byte in bytes {
            events += connection.receive([byte], now: start)
        }
        #expect(events.messages == [.text("fragmented " + String(repeating: "κ", count: 100))])
        #expect(events.sentFrames.map { $0.header.opcode } == [.pong])
    }

    @Test func reassemblesFragmentsWithControlFramesInBetween() {
        let events = run(Client.text("a", isFinal: false) + Client.frame(opcode: 0x9, payload: Array("ping".utf8))
                         + Client.frame(opcode: 0x0, payload: Array("b".utf8), isFinal: false)
                         + Client.frame(opcode: 0xA, payload: [])
                         + Client.frame(opcode: 0x0, payload: Array("c".utf8)))
        #expect(events.messages == [.text("abc")])
        let pong = events.sentFrames
        #expect(pong.count == 1 && pong[0].header.opcode == .pong && pong[0].payload == Array("ping".utf8))
        #expect(pong[0].header.maskingKey == nil)
    }

    @Test func framingViolationsCloseWith1002() {
        let violations: [(String, [UInt8])] = [
            ("unmasked", Client.frame(opcode: 0x1, payload: [0x41], masked: false)),
            ("RSV1 without deflate", Client.frame(opcode: 0x1, payload: [0x41], rsv1: true)),
            ("RSV2", Client.frame(opcode: 0x1, payload: [0x41], rsv2: true)),
            ("RSV3", Client.frame(opcode: 0x2, payload: [], rsv3: true)),
            ("ping of 126 bytes", Client.frame(opcode: 0x9, payload: Array(repeating: 0, count: 126))),
            ("fragmented ping", Client.frame(opcode: 0x9, payload: [], isFinal: false)),
            ("continuation first", Client.frame(opcode: 0x0, payload: [0x41])),
            ("text inside a fragmented message", Client.text("a", isFinal: false) + Client.text("b")),
            ("non-minimal length", [0x81, 0xFE, 0x00, 0x05] + Client.key.bytes + [1, 2, 3, 4, 5]),
            ("64-bit length with MSB", [0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1] + Client.key.bytes),
        ] + ([0x3, 0x4, 0x5, 0x6, 0x7, 0xB, 0xC, 0xD, 0xE, 0xF] as [UInt8]).map {
            ("opcode \($0)", Client.frame(opcode: $0, payload: []))
        }
        for (name, bytes) in violations {
            let events = run(bytes)
            #expect(events.sentCloseCode == 1002, "\(name)")
            #expect(events.closeCode == 1002, "\(name)")
            #expect(events.messages.isEmpty, "\(name)")
            if case .closeConnection = events.last {} else { Issue.record("\(name): not closed last") }
        }
    }

    @Test func invalidUTF8FailsFastBeforeTheMessageEnds() {
        var connection = machine()
        let first = connection.receive(Client.text("valid κ", isFinal: false), now: start)
        #expect(first.isEmpty)
        // The bad byte arrives in a non-final fragment: fail now, not at FIN.
        let events = connection.receive(Client.frame(opcode: 0x0, payload: [0xCE, 0xBA, 0xF8, 0x41], isFinal: false),
                                        now: start)
        #expect(events.sentCloseCode == 1007 && events.closeCode == 1007)
        // Even inside one frame, a byte-at-a-time client is stopped at the bad byte.
        var single = machine()
        let frame = Client.text("ok") + Client.frame(opcode: 0x1, payload: [0x41, 0x42, 0xED, 0xA0, 0x80, 0x43])
        var closedAt: Int?
        for (index, byte) in frame.enumerated() where closedAt == nil {
            if single.receive([byte], now: start).closeCode == 1007 { closedAt = index }
        }
        #expect(closedAt == frame.count - 3)   // the byte after ED that makes a surrogate
    }

    @Test func textEndingInsideASequenceIs1007() {
        #expect(run(Client.frame(opcode: 0x1, payload: [0x41, 0xE2, 0x82])).closeCode == 1007)
        #expect(run(Client.frame(opcode: 0x1, payload: [0xE2, 0x82], isFinal: false)
                    + Client.frame(opcode: 0x0, payload: [0xAC])).messages == [.text("€")])
    }

    @Test func binaryIsNotValidatedAsText() {
        #expect(run(Client.frame(opcode: 0x2, payload: [0xFF, 0xFE])).messages == [.binary([0xFF, 0xFE])])
    }

    @Test func closeCodesAreValidated() {
        for code: UInt16 in [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999] {
            let events = run(Client.close(code: code, reason: Array("bye".utf8)))
            #expect(events.sentCloseCode == code, "\(code) echoed")
            #expect(events.last == .closeConnection(code: WebSocketCloseCode(rawValue: code), reason: "bye"))
        }
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1012, 1015, 1016, 2000, 2999, 5000, 65535] {
            #expect(run(Client.close(code: code)).sentCloseCode == 1002, "\(code) refused")
        }
    }

    @Test func closeBodiesOfZeroAndOneByte() {
        let empty = run(Client.frame(opcode: 0x8, payload: []))
        #expect(empty.sentCloseCode == 1005)   // an empty close is answered with an empty close
        #expect(empty.closeCode == 1005)
        #expect(run(Client.frame(opcode: 0x8, payload: [0x03])).sentCloseCode == 1002)
        #expect(run(Client.close(code: 1000, reason: [0xCE, 0xBA, 0xE1, 0xBD])).sentCloseCode == 1007)
    }

    @Test func nothingIsProcessedAfterTheClose() {
        let events = run(Client.close(code: 1000) + Client.text("late"))
        #expect(events.messages.isEmpty && events.closeCode == 1000)
    }

    @Test func oversizeMessagesClose1009() {
        let configuration = WebSocketConfiguration(maximumMessageSize: 100)
        #expect(run(Client.frame(opcode: 0x2, payload: Array(repeating: 1, count: 100)), configuration).messages.count == 1)
        // Refused from the header alone, before any payload arrives.
        var connection = machine(configuration)
        let header = Array(Client.frame(opcode: 0x2, payload: Array(repeating: 1, count: 101)).prefix(6))
        #expect(connection.receive(header, now: start).sentCloseCode == 1009)
        let fragments = Client.frame(opcode: 0x2, payload: Array(repeating: 1, count: 60), isFinal: false)
            + Client.frame(opcode: 0x0, payload: Array(repeating: 1, count: 60))
        #expect(run(fragments, configuration).sentCloseCode == 1009)
    }

    @Test func unsolicitedPongsAreIgnored() {
        let events = run(Client.frame(opcode: 0xA, payload: Array("hi".utf8)) + Client.text("x"))
        #expect(events.messages == [.text("x")] && events.sentFrames.isEmpty)
    }

    @Test func serverInitiatedCloseWaitsForTheClient() {
        var connection = machine()
        let sent = connection.close(code: .goingAway, reason: "restart", now: start)
        #expect(sent.sentCloseCode == 1001)
        #expect(!connection.isOpen && !connection.isClosed)
        #expect(connection.frame(text: "too late") == nil)
        // Data still in flight from the client is read and dropped; its close ends the connection.
        let events = connection.receive(Client.text("in flight") + Client.close(code: 1001), now: start)
        #expect(events == [.closeConnection(code: .goingAway, reason: "")])
        #expect(connection.isClosed)
    }

    @Test func serverInitiatedCloseTimesOut() {
        var connection = machine(WebSocketConfiguration(closeTimeout: .seconds(5)))
        _ = connection.close(code: .normalClosure, now: start)
        #expect(connection.nextDeadline == start + .seconds(5))
        #expect(connection.timerFired(now: start + .seconds(4)).isEmpty)
        #expect(connection.timerFired(now: start + .seconds(5)).closeCode == 1000)
        #expect(connection.isClosed && connection.nextDeadline == nil)
    }

    @Test func keepalivePingsAndPongTimeout() {
        var connection = machine(WebSocketConfiguration(pingInterval: .seconds(20), pongTimeout: .seconds(10)))
        #expect(connection.nextDeadline == start + .seconds(20))
        #expect(connection.timerFired(now: start + .seconds(19)).isEmpty)
        let ping = connection.timerFired(now: start + .seconds(20))
        #expect(ping.sentFrames.map { $0.header.opcode } == [.ping])
        #expect(connection.nextDeadline == start + .seconds(30))
        // A pong (any traffic) resets the keepalive.
        _ = connection.receive(Client.frame(opcode: 0xA, payload: []), now: start + .seconds(25))
        #expect(connection.nextDeadline == start + .seconds(45))
        _ = connection.timerFired(now: start + .seconds(45))
        #expect(connection.timerFired(now: start + .seconds(54)).isEmpty)
        let dead = connection.timerFired(now: start + .seconds(55))
        #expect(dead.closeCode == 1006 && dead.sentFrames.isEmpty)
    }

    @Test func anOverduePongIsExcusedOnlyWhenThePeerShowedLife() {
        var connection = machine(WebSocketConfiguration(pingInterval: .seconds(20), pongTimeout: .seconds(10)))
        #expect(!connection.isPongOverdue(at: start + .seconds(25)))
        _ = connection.timerFired(now: start + .seconds(20))
        #expect(!connection.isPongOverdue(at: start + .seconds(29)))
        #expect(connection.isPongOverdue(at: start + .seconds(30)))
        // The client is still reading the backlog ahead of the ping: the wait starts again.
        connection.peerShowedLife(now: start + .seconds(30))
        #expect(!connection.isPongOverdue(at: start + .seconds(30)))
        #expect(connection.timerFired(now: start + .seconds(30)).isEmpty)
        #expect(connection.nextDeadline == start + .seconds(50))
        let ping = connection.timerFired(now: start + .seconds(50))
        #expect(ping.sentFrames.map { $0.header.opcode } == [.ping])
        // No sign of life this time: dropped with 1006 at the pong timeout.
        #expect(connection.isPongOverdue(at: start + .seconds(60)))
        #expect(connection.timerFired(now: start + .seconds(60)).closeCode == 1006)
        #expect(!connection.isPongOverdue(at: start + .seconds(70)))
    }

    @Test func idleTimeoutClosesWith1001() {
        var connection = machine(WebSocketConfiguration(pingInterval: nil, idleTimeout: .seconds(60)))
        _ = connection.receive(Client.text("still here"), now: start + .seconds(30))
        #expect(connection.timerFired(now: start + .seconds(60)).isEmpty)
        #expect(connection.timerFired(now: start + .seconds(90)).sentCloseCode == 1001)
    }

    @Test func transportLossReports1006Once() {
        var connection = machine()
        #expect(connection.transportClosed() == .closeConnection(code: .abnormalClosure,
                                                                reason: "connection lost without a close frame"))
        #expect(connection.transportClosed() == nil)
        #expect(connection.receive(Client.text("x"), now: start).isEmpty)
    }

    @Test func serverFramesAreUnmaskedAndMinimal() throws {
        var connection = machine(WebSocketConfiguration(compression: nil))
        let frameResult = connection.frame(text: String(repeating: "x", count: 300))
        let frame = try #require(frameResult)
        #expect(Array(frame.prefix(4)) == [0x81, 126, 0x01, 0x2C])
        #expect(frame.count == 304)
    }

    @Test func garbageNeverCrashesAndAlwaysEndsInAClose() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 1...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var connection = machine(WebSocketConfiguration(maximumMessageSize: 1024))
            let events = connection.receive(bytes, now: start)
            if let code = events.closeCode {
                #expect([1000, 1002, 1005, 1007, 1009].contains(code) || WebSocketCloseCode(rawValue: code).isValidOnWire)
                if case .closeConnection = events.last {} else { Issue.record("close is not the last event") }
            }
        }
    }
}
