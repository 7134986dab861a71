// MARK: - Frames out

extension WebSocketStateMachine {
    /// The frame for a text message, compressed when negotiated and worthwhile; nil once closing
    /// (unless a close is held for replies, `holdCloseForReplies()`).
    public mutating func frame(text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { frame(opcode: .text, payload: UnsafeRawBufferPointer($0)) }
    }

    /// The frame for a binary message; nil once closing.
    public mutating func frame(binary: [UInt8]) -> [UInt8]? {
        binary.withUnsafeBytes { frame(opcode: .binary, payload: $0) }
    }

    /// The frame for a prepared broadcast message: the shared compressed frame when this
    /// connection's parameters allow it, else this connection's own compression of the
    /// payload (context takeover or a smaller window), else the shared uncompressed frame.
    public mutating func frame(prepared: WebSocketPreparedMessage) -> [UInt8]? {
        frameChoice(prepared: prepared)?.frame(of: prepared)
    }

    /// Which of a prepared message's frames this connection sends (`frame(prepared:)`), without
    /// touching the shared frames: a broadcast batch keeps one reference to each shared frame
    /// rather than one per connection. Nil once closing.
    public mutating func frameChoice(prepared: WebSocketPreparedMessage) -> PreparedFrameChoice? {
        guard canSendData else { return nil }
        guard let compression, prepared.payload.count >= minimumCompressedSize else { return .uncompressed }
        if prepared.isCompressionPrepared, compression.serverNoContextTakeover,
           prepared.compressionWindowBits <= compression.serverMaxWindowBits {
            return prepared.compressedFrame == nil ? .uncompressed : .compressed
        }
        return prepared.payload.withUnsafeBytes { frame(opcode: prepared.opcode, payload: $0) }.map { .own($0) }
    }

    /// Starts the closing handshake: sends a close frame and waits up to the close timeout
    /// for the client's. Empty when the connection is already closing.
    public mutating func close(code: WebSocketCloseCode, reason: String = "",
                               now: ContinuousClock.Instant) -> [WebSocketEvent] {
        guard isOpen else { return [] }
        lifecycle = .closing(code: code, reason: reason, deadline: now + configuration.closeTimeout)
        return [.send(WebSocketFrame.closeFrame(code: code, reason: reason))]
    }

    private var minimumCompressedSize: Int {
        configuration.compression?.minimumCompressedSize ?? .max
    }

    private mutating func frame(opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer) -> [UInt8]? {
        guard canSendData else { return nil }
        guard let compression, payload.count >= minimumCompressedSize, let deflater = existingDeflater(compression) else {
            return WebSocketFrame.serverFrame(opcode: opcode, payload: payload)
        }
        let compressed = WebSocketFrame.compressedServerFrame(opcode: opcode, payload: payload, deflater: deflater)
        guard compression.serverNoContextTakeover else { return compressed }
        // Without context takeover nothing carries over to the next message: the compressor
        // (about 24 KiB with the default window and memLevel) is released rather than held by
        // every connection that was ever sent one direct message, a subscription snapshot say.
        self.deflater = nil
        // Each message stands alone, so an incompressible one may go out as it is; with
        // takeover the peer's window must see what our compressor saw.
        if compressed.count >= payload.count + 2 {
            return WebSocketFrame.serverFrame(opcode: opcode, payload: payload)
        }
        return compressed
    }

    /// The connection's compressor, created on first use: broadcast-only connections use
    /// shared prepared frames and never pay for one, and one without context takeover gives
    /// it back after each message.
    private mutating func existingDeflater(_ compression: PerMessageDeflateParameters) -> PerMessageDeflater? {
        if let deflater { return deflater }
        guard let settings = configuration.compression else { return nil }
        deflater = try? PerMessageDeflater(windowBits: compression.serverMaxWindowBits,
                                           memoryLevel: settings.memoryLevel,
                                           compressionLevel: settings.compressionLevel,
                                           contextTakeover: !compression.serverNoContextTakeover)
        return deflater
    }
}

// MARK: - Timers

extension WebSocketStateMachine {
    /// When `timerFired(now:)` next has something to do, or nil when no timer is needed.
    public var nextDeadline: ContinuousClock.Instant? {
        switch lifecycle {
        case .closed:
            return nil
        case .closing(_, _, let deadline):
            return deadline
        case .open:
            var deadlines: [ContinuousClock.Instant] = []
            if let pingSentAt {
                deadlines.append(pingSentAt + configuration.pongTimeout)
            } else if let interval = configuration.pingInterval {
                deadlines.append(lastReceive + interval)
            }
            if let idle = configuration.idleTimeout {
                deadlines.append(lastMessage + idle)
            }
            return deadlines.min()
        }
    }

    /// Whether a keepalive ping has gone unanswered for the pong timeout at `now`: the next
    /// `timerFired(now:)` drops the connection unless `peerShowedLife(now:)` comes first.
    public func isPongOverdue(at now: ContinuousClock.Instant) -> Bool {
        guard isOpen, let pingSentAt else { return false }
        return now >= pingSentAt + configuration.pongTimeout
    }

    /// The transport shows the peer alive though none of its frames arrived (it keeps taking
    /// output that is still flowing, or its bytes wait unread): counts as traffic for the
    /// keepalive, so the pong wait starts again. A ping queued behind a backlog the client is
    /// still reading cannot be answered before the client gets to it.
    public mutating func peerShowedLife(now: ContinuousClock.Instant) {
        guard isOpen else { return }
        lastReceive = now
        pingSentAt = nil
    }

    /// Runs whatever timers are due at `now`: keepalive ping, pong timeout, idle timeout,
    /// close timeout.
    public mutating func timerFired(now: ContinuousClock.Instant) -> [WebSocketEvent] {
        switch lifecycle {
        case .closed:
            return []
        case .closing(let code, let reason, let deadline):
            guard now >= deadline else { return [] }
            lifecycle = .closed
            return [.closeConnection(code: code, reason: reason.isEmpty ? "close handshake timed out" : reason)]
        case .open:
            if let pingSentAt, now >= pingSentAt + configuration.pongTimeout {
                lifecycle = .closed
                return [.closeConnection(code: .abnormalClosure, reason: "no answer to a keepalive ping")]
            }
            if let idle = configuration.idleTimeout, now >= lastMessage + idle {
                return close(code: .goingAway, reason: "idle timeout", now: now)
            }
            if pingSentAt == nil, let interval = configuration.pingInterval, now >= lastReceive + interval {
                pingSentAt = now
                return [.send(WebSocketFrame.serverFrame(opcode: .ping, payload: []))]
            }
            return []
        }
    }
}
