/// The server side of one WebSocket connection as a sans-I/O state machine (RFC 6455 §5–§7,
/// RFC 7692): bytes and clock ticks in, `WebSocketEvent`s out.
///
/// It owns no socket and reads no clock: the caller passes `now`, so every rule (framing,
/// fragmentation, UTF-8, close handshake, keepalive, limits) is testable with byte arrays.
/// Incoming payloads are unmasked, validated and inflated as they arrive rather than after a
/// whole frame is buffered, so invalid UTF-8 and oversize messages fail at the first bad chunk.
public struct WebSocketStateMachine {
    /// The connection's place in the close handshake.
    enum Lifecycle {
        case open
        /// The server sent a close frame and waits for the client's until `deadline`.
        case closing(code: WebSocketCloseCode, reason: String, deadline: ContinuousClock.Instant)
        case closed
    }

    /// The frame whose payload is being received.
    struct FrameInProgress {
        var header: WebSocketFrameHeader
        var remaining: Int
        var offset: Int = 0
        var opcode: WebSocketOpcode
    }

    /// The data message being reassembled.
    struct MessageInProgress {
        var isText: Bool
        var isCompressed: Bool
    }

    let configuration: WebSocketConfiguration
    /// The permessage-deflate parameters agreed in the handshake, if any.
    public let compression: PerMessageDeflateParameters?

    var lifecycle: Lifecycle = .open
    var headerBuffer: [UInt8] = []
    var frame: FrameInProgress?
    var message: MessageInProgress?
    var messageBuffer: [UInt8] = []
    var controlBuffer: [UInt8] = []
    var compressedScratch: [UInt8] = []
    var validator = UTF8Validator()
    var inflater: PerMessageInflater?
    var deflater: PerMessageDeflater?
    var lastReceive: ContinuousClock.Instant
    var lastMessage: ContinuousClock.Instant
    var pingSentAt: ContinuousClock.Instant?
    /// The caller holds back a close the peer caused until the application's answers to earlier
    /// messages are framed (`holdCloseForReplies()`).
    var holdsCloseForReplies = false

    /// A connection that has just completed its handshake at `now`.
    public init(configuration: WebSocketConfiguration, compression: PerMessageDeflateParameters?,
                now: ContinuousClock.Instant) {
        self.configuration = configuration
        self.compression = configuration.compression == nil ? nil : compression
        lastReceive = now
        lastMessage = now
    }

    /// Whether the server may still send data (no close frame sent or received).
    public var isOpen: Bool {
        if case .open = lifecycle { return true }
        return false
    }

    /// Whether data frames may be framed: the connection is open, or a close the peer caused is
    /// held back for the answers owed to its earlier messages.
    public var canSendData: Bool { isOpen || holdsCloseForReplies }

    /// The caller holds back the close frame (or the end of the connection) that the peer's bytes
    /// just caused, to write it after the answers the application still owes to the messages
    /// before it (RFC 6455 §1.4: a peer may send data before its close frame; the answers go
    /// first). Until `closeReleased()` data frames may still be framed; nothing more is read.
    public mutating func holdCloseForReplies() {
        holdsCloseForReplies = true
    }

    /// The held close is being written: no data frame follows it.
    public mutating func closeReleased() {
        holdsCloseForReplies = false
    }

    /// Whether the connection is finished and the transport should be gone.
    public var isClosed: Bool {
        if case .closed = lifecycle { return true }
        return false
    }

    /// Consumes bytes read from the socket, all of them, and returns the events in order.
    ///
    /// An application that answers messages must use `receiveMessage(_:now:)` instead, so its
    /// answer to one message is framed before the bytes after it are parsed (a protocol error in
    /// the next frame must not swallow the answer to this one).
    public mutating func receive(_ bytes: UnsafeRawBufferPointer, now: ContinuousClock.Instant) -> [WebSocketEvent] {
        var events: [WebSocketEvent] = []
        var offset = 0
        repeat {
            let step = receiveMessage(UnsafeRawBufferPointer(rebasing: bytes[offset...]), now: now)
            events += step.events
            offset += step.consumed
        } while offset < bytes.count && !isClosed
        return events
    }

    /// Consumes bytes up to and including the end of the next complete data message (or all of
    /// them when none completes), and returns the events with the number of bytes consumed.
    public mutating func receiveMessage(_ bytes: UnsafeRawBufferPointer,
                                        now: ContinuousClock.Instant) -> (events: [WebSocketEvent], consumed: Int) {
        var events: [WebSocketEvent] = []
        guard !isClosed else { return (events, bytes.count) }
        // Any traffic proves the peer alive, including a pong queued behind a large message.
        lastReceive = now
        pingSentAt = nil
        var index = 0
        while index < bytes.count, !isClosed {
            if frame == nil {
                guard let header = readHeader(bytes, from: &index, events: &events) else { continue }
                beginFrame(header, now: now, events: &events)
            } else {
                let take = min(frame!.remaining, bytes.count - index)
                consumePayload(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + take)]), events: &events)
                index += take
            }
            if let current = frame, current.remaining == 0, !isClosed {
                frame = nil
                endFrame(current, now: now, events: &events)
                if case .message = events.last { break }
            }
        }
        return (events, isClosed ? bytes.count : index)
    }

    /// Consumes the bytes of an array.
    public mutating func receive(_ bytes: [UInt8], now: ContinuousClock.Instant) -> [WebSocketEvent] {
        bytes.withUnsafeBytes { receive($0, now: now) }
    }

    /// The TCP connection ended (EOF or error). Returns the closing event unless the close
    /// handshake already produced one: without a close frame the code is 1006.
    public mutating func transportClosed() -> WebSocketEvent? {
        guard !isClosed else { return nil }
        let event: WebSocketEvent
        if case .closing(let code, let reason, _) = lifecycle {
            event = .closeConnection(code: code, reason: reason)
        } else {
            event = .closeConnection(code: .abnormalClosure, reason: "connection lost without a close frame")
        }
        lifecycle = .closed
        return event
    }
}

// MARK: - Frames in

extension WebSocketStateMachine {
    /// Reads a header, from `bytes` directly when it is all there, else through `headerBuffer`.
    private mutating func readHeader(_ bytes: UnsafeRawBufferPointer, from index: inout Int,
                                     events: inout [WebSocketEvent]) -> WebSocketFrameHeader? {
        if headerBuffer.isEmpty {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
            switch WebSocketFrameHeader.parse(rest) {
            case .header(let header, let length):
                index += length
                return header
            case .incomplete:
                headerBuffer.append(contentsOf: rest)
                index = bytes.count
                return nil
            case .invalidLength:
                fail(.protocolError, "frame length not minimally encoded or too large", events: &events)
                return nil
            }
        }
        while index < bytes.count {
            headerBuffer.append(bytes[index])
            index += 1
            let result = headerBuffer.withUnsafeBytes { WebSocketFrameHeader.parse($0) }
            switch result {
            case .incomplete:
                continue
            case .header(let header, _):
                headerBuffer.removeAll(keepingCapacity: true)
                return header
            case .invalidLength:
                fail(.protocolError, "frame length not minimally encoded or too large", events: &events)
                return nil
            }
        }
        return nil
    }

    /// Checks a header against RFC 6455 §5 and the negotiated extensions, then starts its payload.
    private mutating func beginFrame(_ header: WebSocketFrameHeader, now: ContinuousClock.Instant,
                                     events: inout [WebSocketEvent]) {
        guard !header.rsv2, !header.rsv3 else {
            return fail(.protocolError, "reserved bits RSV2/RSV3 set", events: &events)
        }
        guard let opcode = header.opcode else {
            return fail(.protocolError, "reserved opcode \(header.opcodeValue)", events: &events)
        }
        guard header.maskingKey != nil else {
            return fail(.protocolError, "client frames must be masked", events: &events)
        }
        if opcode.isControl {
            guard header.isFinal else { return fail(.protocolError, "fragmented control frame", events: &events) }
            guard header.payloadLength <= 125 else {
                return fail(.protocolError, "control frame longer than 125 bytes", events: &events)
            }
            guard !header.rsv1 else { return fail(.protocolError, "RSV1 set on a control frame", events: &events) }
            controlBuffer.removeAll(keepingCapacity: true)
        } else if opcode == .continuation {
            guard let current = message else {
                return fail(.protocolError, "continuation frame without a message to continue", events: &events)
            }
            guard !header.rsv1 else {
                return fail(.protocolError, "RSV1 set on a continuation frame", events: &events)
            }
            if !current.isCompressed, !fitsMessageLimit(header.payloadLength) {
                return fail(.messageTooBig, "message exceeds \(configuration.maximumMessageSize) bytes", events: &events)
            }
        } else {
            guard message == nil else {
                return fail(.protocolError, "new data frame while a fragmented message is open", events: &events)
            }
            guard !header.rsv1 || compression != nil else {
                return fail(.protocolError, "RSV1 set without permessage-deflate", events: &events)
            }
            messageBuffer.removeAll(keepingCapacity: true)
            if !header.rsv1, !fitsMessageLimit(header.payloadLength) {
                return fail(.messageTooBig, "message exceeds \(configuration.maximumMessageSize) bytes", events: &events)
            }
            message = MessageInProgress(isText: opcode == .text, isCompressed: header.rsv1)
            validator.reset()
        }
        frame = FrameInProgress(header: header, remaining: Int(header.payloadLength), opcode: opcode)
    }

    private func fitsMessageLimit(_ frameLength: UInt64) -> Bool {
        frameLength <= UInt64(configuration.maximumMessageSize - messageBuffer.count)
    }

    /// Unmasks a piece of the current frame's payload and routes it to its message or control body.
    private mutating func consumePayload(_ chunk: UnsafeRawBufferPointer, events: inout [WebSocketEvent]) {
        guard var current = frame, let mask = current.header.maskingKey else { return }
        defer {
            if !isClosed {
                current.offset += chunk.count
                current.remaining -= chunk.count
                frame = current
            }
        }
        if current.opcode.isControl {
            Self.appendUnmasked(chunk, to: &controlBuffer, mask: mask, payloadOffset: current.offset)
            return
        }
        guard let assembling = message else { return }
        let outputStart = messageBuffer.count
        if assembling.isCompressed {
            compressedScratch.removeAll(keepingCapacity: true)
            Self.appendUnmasked(chunk, to: &compressedScratch, mask: mask, payloadOffset: current.offset)
            let limit = configuration.maximumMessageSize
            do {
                let inflater = try existingInflater()
                let scratch = compressedScratch
                try scratch.withUnsafeBytes { input in
                    try inflater.inflate(input, appendingTo: &messageBuffer, limit: limit)
                }
            } catch let error as PerMessageInflater.Failure {
                return failInflate(error, events: &events)
            } catch {
                return fail(.internalError, "\(error)", events: &events)
            }
        } else {
            Self.appendUnmasked(chunk, to: &messageBuffer, mask: mask, payloadOffset: current.offset)
        }
        validateText(from: outputStart, events: &events)
    }

    /// Fails fast (1007) when the text received so far can no longer be valid UTF-8.
    private mutating func validateText(from start: Int, events: inout [WebSocketEvent]) {
        guard message?.isText == true, start < messageBuffer.count else { return }
        let valid = messageBuffer.withUnsafeBytes { validator.validate(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        if !valid {
            fail(.invalidFramePayloadData, "text message is not valid UTF-8", events: &events)
        }
    }

    private static func appendUnmasked(_ chunk: UnsafeRawBufferPointer, to buffer: inout [UInt8],
                                       mask: WebSocketMaskingKey, payloadOffset: Int) {
        let start = buffer.count
        buffer.append(contentsOf: chunk)
        buffer.withUnsafeMutableBytes { all in
            mask.apply(to: UnsafeMutableRawBufferPointer(rebasing: all[start...]), payloadOffset: payloadOffset)
        }
    }

    private mutating func existingInflater() throws(PerMessageInflater.Failure) -> PerMessageInflater {
        if let inflater { return inflater }
        guard let compression,
              let created = PerMessageInflater(windowBits: compression.clientMaxWindowBits,
                                               contextTakeover: !compression.clientNoContextTakeover) else {
            throw .corrupt("zlib could not start an inflater")
        }
        inflater = created
        return created
    }

    private mutating func failInflate(_ error: PerMessageInflater.Failure, events: inout [WebSocketEvent]) {
        switch error {
        case .tooLarge:
            fail(.messageTooBig, "inflated message exceeds \(configuration.maximumMessageSize) bytes", events: &events)
        case .corrupt(let detail):
            fail(.invalidFramePayloadData, "compressed message is corrupt: \(detail)", events: &events)
        }
    }

    /// A whole frame has arrived: act on control frames, complete messages on FIN.
    private mutating func endFrame(_ finished: FrameInProgress, now: ContinuousClock.Instant,
                                   events: inout [WebSocketEvent]) {
        switch finished.opcode {
        case .ping:
            if isOpen {
                events.append(.send(WebSocketFrame.serverFrame(opcode: .pong, payload: controlBuffer)))
            }
        case .pong:
            break   // Unsolicited pongs are allowed and ignored (RFC 6455 §5.5.3).
        case .close:
            receiveClose(events: &events)
        case .text, .binary, .continuation:
            if finished.header.isFinal {
                completeMessage(now: now, events: &events)
            }
        }
    }

    private mutating func completeMessage(now: ContinuousClock.Instant, events: inout [WebSocketEvent]) {
        guard let assembling = message else { return }
        if assembling.isCompressed {
            let outputStart = messageBuffer.count
            do {
                let inflater = try existingInflater()
                try inflater.finishMessage(appendingTo: &messageBuffer, limit: configuration.maximumMessageSize)
            } catch {
                return failInflate(error, events: &events)
            }
            validateText(from: outputStart, events: &events)
            guard !isClosed else { return }
        }
        if assembling.isText, !validator.isComplete {
            return fail(.invalidFramePayloadData, "text message ends inside a UTF-8 sequence", events: &events)
        }
        message = nil
        lastMessage = now
        guard isOpen else { return }   // After our close frame, data is read and dropped.
        let delivered: WebSocketMessage = assembling.isText
            ? .text(String(decoding: messageBuffer, as: UTF8.self)) : .binary(messageBuffer)
        // Hand the storage over instead of keeping a large buffer alive between messages.
        messageBuffer = []
        events.append(.message(delivered))
    }

    /// The client's close frame: validate it, answer it (or finish our own close), end.
    private mutating func receiveClose(events: inout [WebSocketEvent]) {
        var code = WebSocketCloseCode.noStatusReceived
        var reason = ""
        if controlBuffer.count == 1 {
            return fail(.protocolError, "close frame body of one byte", events: &events)
        }
        if controlBuffer.count >= 2 {
            code = WebSocketCloseCode(rawValue: UInt16(controlBuffer[0]) << 8 | UInt16(controlBuffer[1]))
            guard code.isValidOnWire else {
                return fail(.protocolError, "invalid close code \(code.rawValue)", events: &events)
            }
            var reasonValidator = UTF8Validator()
            let reasonBytes = Array(controlBuffer[2...])
            guard reasonValidator.validate(reasonBytes), reasonValidator.isComplete else {
                return fail(.invalidFramePayloadData, "close reason is not valid UTF-8", events: &events)
            }
            reason = String(decoding: reasonBytes, as: UTF8.self)
        }
        if isOpen {
            // Echo the code (RFC 6455 §5.5.1), then the server closes TCP first (§7.1.1).
            events.append(.send(WebSocketFrame.closeFrame(code: code)))
        }
        lifecycle = .closed
        events.append(.closeConnection(code: code, reason: reason))
    }

    /// Fails the connection (RFC 6455 §7.1.7): a close frame with `code` unless one was
    /// already sent, then the transport closes.
    mutating func fail(_ code: WebSocketCloseCode, _ reason: String, events: inout [WebSocketEvent]) {
        if isOpen {
            events.append(.send(WebSocketFrame.closeFrame(code: code, reason: reason)))
        }
        lifecycle = .closed
        frame = nil
        message = nil
        messageBuffer = []
        events.append(.closeConnection(code: code, reason: reason))
    }
}
