import Foundation
import Synchronization

/// Deliveries turned into frames (once each) and handed to the transport in growing chunks, each
/// as soon as it is prepared, so the event loops write the first views while the rest are compressed.
extension PushService {
    /// Prepares each delivery's frame and sends them in order, in chunks of `firstChunk`,
    /// twice that, and so on (each chunk one batch: one hop per event loop), then closes the
    /// connections a delivery says to close. Every connection's frames keep their order: a
    /// connection lives on one loop, which runs the chunks in the order they were sent.
    /// `timed`: a tick's deltas, whose compress (the time spent preparing) and fanout (from the
    /// first chunk handed over until every loop wrote every chunk) stages are counted.
    func deliver(_ deliveries: [PushHub.Delivery], origin: ContinuousClock.Instant? = nil, timed: Bool = false) {
        let fanOut = timed ? FanOutClock(stages: stages) : nil
        var preparing = Duration.zero
        var start = 0
        var size = Self.firstChunk
        while start < deliveries.count {
            let end = min(deliveries.count, start + size)
            let prepareStarted = ContinuousClock.now
            let frames = deliveries[start..<end].map { prepare($0.message, origin) }
            preparing += .now - prepareStarted
            var batch: [(Peer, Frame)] = []
            for (delivery, frame) in zip(deliveries[start..<end], frames) {
                for client in delivery.recipients {
                    if let peer = peers[client] { batch.append((peer, frame)) }
                }
            }
            if !batch.isEmpty { send(batch, fanOut?.sending()) }
            start = end
            size *= 2
        }
        if let fanOut {
            stages.observe(.compress, preparing)
            fanOut.handedOver()
        }
        for delivery in deliveries {
            guard let reason = delivery.closeReason else { continue }
            for client in delivery.recipients {
                let dropped = inbound.withLock { state in
                    defer { state.closing.insert(client) }
                    return state.queue.remove(client)
                }
                Self.releaseWaitingForAnswers(dropped)
                if let peer = peers[client] { signal(peer, .close(reason: reason)) }
            }
        }
    }

    /// Deliveries in the first chunk; each next chunk is twice the one before, so a tick of
    /// 5,000 views is sent in 9 chunks while the first frames reach the loops after 16 are prepared.
    static var firstChunk: Int { 16 }
}

/// A tick's fan-out, from its first chunk handed to the transport until every loop wrote every
/// chunk: counted once in `TickStages`'s fanout stage, by whichever of the deliverer (done
/// handing over) and the chunks' written callbacks finishes last.
private final class FanOutClock: Sendable {
    private let stages: TickStages
    /// Chunks not yet written, plus one while the deliverer is still handing chunks over.
    private let outstanding = Atomic<Int>(1)
    private let started = Mutex<ContinuousClock.Instant?>(nil)

    init(stages: TickStages) {
        self.stages = stages
    }

    /// A chunk is about to be handed over: the callback its batch runs once written.
    func sending() -> @Sendable () -> Void {
        started.withLock { $0 = $0 ?? .now }
        outstanding.add(1, ordering: .relaxed)
        return { [self] in finish() }
    }

    /// Every chunk has been handed over.
    func handedOver() {
        finish()
    }

    private func finish() {
        guard outstanding.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
        if let start = started.withLock({ $0 }) { stages.observe(.fanout, since: start) }
    }
}
