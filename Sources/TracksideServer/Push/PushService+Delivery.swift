import Dispatch
import Foundation

/// Deliveries turned into frames (once each, on every core for a tick) and handed to the transport in one batch.
extension PushService {
    /// Prepares each delivery's frame, sends them as one batch, then closes the connections a
    /// delivery says to close. `timed`: a tick's deltas, whose compress and fanout stages are counted.
    func deliver(_ deliveries: [PushHub.Delivery], origin: ContinuousClock.Instant? = nil, timed: Bool = false) {
        let compressStarted = ContinuousClock.now
        let frames = prepareFrames(deliveries, origin: origin)
        if timed { stages.observe(.compress, since: compressStarted) }
        let sendStarted = ContinuousClock.now
        var batch: [(Peer, Frame)] = []
        for (delivery, frame) in zip(deliveries, frames) {
            for client in delivery.recipients {
                if let peer = peers[client] { batch.append((peer, frame)) }
            }
        }
        if !batch.isEmpty {
            let stages = stages
            var written: (@Sendable () -> Void)?
            if timed { written = { @Sendable in stages.observe(.fanout, since: sendStarted) } }
            send(batch, written)
        }
        for delivery in deliveries {
            guard let reason = delivery.closeReason else { continue }
            for client in delivery.recipients {
                inbound.withLock { state in
                    _ = state.queue.remove(client)
                    state.closing.insert(client)
                }
                if let peer = peers[client] { signal(peer, .close(reason: reason)) }
            }
        }
    }

    /// Deliveries a thread is given at least before preparing spreads over more threads.
    static var deliveriesPerThread: Int { 8 }

    /// Each delivery's frame, in order: on as many threads as there are cores (and at least
    /// `deliveriesPerThread` deliveries each) at once, interleaved so large and small deltas
    /// spread evenly, each frame written at its delivery's index.
    func prepareFrames(_ deliveries: [PushHub.Delivery], origin: ContinuousClock.Instant?) -> [Frame] {
        let threads = min(ProcessInfo.processInfo.activeProcessorCount, deliveries.count / Self.deliveriesPerThread)
        guard threads > 1 else { return deliveries.map { prepare($0.message, origin) } }
        let prepareFrame = prepare
        return [Frame](unsafeUninitializedCapacity: deliveries.count) { buffer, initialized in
            // Each index is written by exactly one iteration, and read only after all of them end.
            nonisolated(unsafe) let frames = buffer
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for index in stride(from: thread, to: deliveries.count, by: threads) {
                    (frames.baseAddress! + index).initialize(to: prepareFrame(deliveries[index].message, origin))
                }
            }
            initialized = deliveries.count
        }
    }
}
