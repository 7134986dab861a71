import Foundation
import Synchronization
import Testing
@testable import TracksideServer
import TransitEngine

@Suite struct PushServiceTests {
    /// Frames received per connection, in order.
    final class Inbox: Sendable {
        let frames = Mutex<[[UInt8]]>([])
        func append(_ frame: [UInt8]) { frames.withLock { $0.append(frame) } }
        var decoded: [DecodedMessage] { frames.withLock { $0 }.compactMap { try? DecodedMessage($0) } }
    }

    /// Counts frames prepared.
    final class Counter: Sendable {
        let value = Mutex(0)
    }

    func service(prepared: Counter? = nil, batches: Counter? = nil) -> PushService<Inbox, [UInt8]> {
        var configuration = PushHub.Configuration(epoch: "e", source: "replay")
        configuration.grid = TileGrid(longitudeStep: 0.01, latitudeStep: 0.01)
        return PushService(configuration: configuration, prepare: { bytes, _ in
            prepared?.value.withLock { $0 += 1 }
            return bytes
        }, send: { batch, written in
            batches?.value.withLock { $0 += 1 }
            for (inbox, frame) in batch { inbox.append(frame) }
            written?()
        }, clock: { 1000 })
    }

    @Test func framesArePreparedOncePerDeliveryAndArriveInOrder() {
        let prepared = Counter()
        let service = service(prepared: prepared)
        let inboxes = (0..<3).map { _ in Inbox() }
        let clients = inboxes.map { service.connect($0) }
        for client in clients { service.receive(#"{"op":"subscribe","bbox":[-74,40.7,-73.99,40.71]}"#, from: client) }
        // Client messages are handled in slices on the queue: the snapshots first, then the ticks.
        let deadline = ContinuousClock.now + .seconds(10)
        while !inboxes.allSatisfy({ $0.decoded.count == 2 }) && ContinuousClock.now < deadline { usleep(1000) }
        service.publish([vehicle("a", lon: -73.995, lat: 40.705)])
        service.publish([vehicle("a", lon: -73.995, lat: 40.706)])
        // 3 hellos + 3 snapshots, then one shared frame per tick.
        #expect(prepared.value.withLock { $0 } == 8)
        for inbox in inboxes {
            #expect(inbox.decoded.map { $0.type ?? "" } == ["hello", "snapshot", "delta", "delta"])
            #expect(inbox.decoded.map { $0.seq ?? -1 } == [-1, 0, 1, 2])
        }
        #expect(service.statistics == PushStatistics(connections: 3, regions: 1, subscriptions: 3, watches: 0, seq: 2,
                                                     rateLimited: 0))
    }

    /// A tick with many views is sent in growing chunks, each as soon as it is prepared: still
    /// exactly one frame per view, and every connection gets its own view's delta of every tick, in order.
    @Test func aTickOfManyViewsIsSentInGrowingChunksOncePerViewAndInOrderPerConnection() {
        let prepared = Counter()
        let batches = Counter()
        let service = service(prepared: prepared, batches: batches)
        // 40 connections on 40 distinct tiles (the grid is 0.01°), a vehicle moving in each:
        // chunks of 16 and 24 (the second could take 32).
        let views = 40
        #expect(PushService<Inbox, [UInt8]>.firstChunk == 16)
        let inboxes = (0..<views).map { _ in Inbox() }
        for (index, inbox) in inboxes.enumerated() {
            let west = -74.0 + Double(index) * 0.01 + 0.002
            service.receive(#"{"op":"subscribe","bbox":[\#(west),40.702,\#(west + 0.005),40.707]}"#, from: service.connect(inbox))
        }
        // More messages than one slice: wait until every subscription is handled.
        let deadline = ContinuousClock.now + .seconds(10)
        while service.statistics.subscriptions < views && ContinuousClock.now < deadline { usleep(1000) }
        func states(_ tick: Int) -> [VehicleState] {
            (0..<views).map { vehicle("v\($0)", lon: -74.0 + Double($0) * 0.01 + 0.004, lat: 40.703 + Double(tick) * 0.0005) }
        }
        let batchesBefore = batches.value.withLock { $0 }
        for tick in 1...3 { service.publish(states(tick)) }
        // Hellos and snapshots, then one frame per view per tick, in two batches per tick.
        #expect(prepared.value.withLock { $0 } == 2 * views + 3 * views)
        #expect(batches.value.withLock { $0 } - batchesBefore == 3 * 2)
        for (index, inbox) in inboxes.enumerated() {
            let messages = inbox.decoded
            #expect(messages.map { $0.type ?? "" } == ["hello", "snapshot", "delta", "delta", "delta"])
            #expect(messages.map { $0.seq ?? -1 } == [-1, 0, 1, 2, 3])
            // Its own view's vehicle, nobody else's.
            #expect(messages.dropFirst(2).allSatisfy { $0.upsertIDs == ["v\(index)"] })
        }
    }

    /// Every tick is timed in each of the push stages; the fanout once the batch is written.
    @Test func eachTickCountsOnceInEveryPushStage() {
        let service = service()
        let inbox = Inbox()
        service.receive(#"{"op":"subscribe","bbox":[-74,40.7,-73.99,40.71]}"#, from: service.connect(inbox))
        let ticks = 4
        for tick in 0..<ticks { service.publish([vehicle("a", lon: -73.995, lat: 40.701 + Double(tick) * 0.001)]) }
        for stage in [TickStages.Stage.diff, .serialise, .compress, .fanout] {
            #expect(service.stages.snapshot(stage).count == UInt64(ticks), "\(stage)")
        }
        // Placement is the tick loop's, not the push service's.
        #expect(service.stages.snapshot(.place).count == 0)
    }

    @Test func binaryMessagesAndDisconnectsAreHandled() {
        let service = service()
        let inbox = Inbox()
        let client = service.connect(inbox)
        service.receiveBinary(3, from: client)
        service.publish([])
        service.disconnect(client)
        service.publish([])
        #expect(inbox.decoded.map { $0.code ?? $0.type ?? "" } == ["hello", "bad_request"])
        #expect(service.statistics.connections == 0)
    }

    /// The transport writes a close the client caused when `whenAnswered` runs: by then every
    /// answer to what the client sent before has been handed over.
    @Test func whenAnsweredRunsAfterTheAnswersToEarlierMessages() {
        let service = service()
        let inbox = Inbox()
        let client = service.connect(inbox)
        service.receive("not json", from: client)
        service.receive(#"{"op":"nonsense"}"#, from: client)
        let answeredBefore = Mutex<[String]?>(nil)
        let done = DispatchSemaphore(value: 0)
        service.whenAnswered(client) {
            answeredBefore.withLock { $0 = inbox.decoded.map { $0.code ?? $0.type ?? "" } }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        let answered = answeredBefore.withLock { $0 } ?? []
        #expect(answered == ["hello", "bad_request", "bad_request"])
    }

    /// More messages than one slice handles: `whenAnswered` still waits for the last of them,
    /// not for the slice that was queued when it was asked (the close once overtook answers).
    @Test func whenAnsweredWaitsForMessagesPastTheFirstSlice() {
        let service = service()
        let inbox = Inbox()
        let client = service.connect(inbox)
        let sent = PushService<Inbox, [UInt8]>.sliceSize + 4
        for _ in 0..<sent { service.receive("not json", from: client) }
        let answeredBefore = Mutex<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        service.whenAnswered(client) {
            answeredBefore.withLock { $0 = inbox.decoded.filter { $0.code == "bad_request" }.count }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(answeredBefore.withLock { $0 } == sent)
    }

    /// A connection being closed takes no more messages, so nothing is left to answer: the
    /// transport is not kept waiting for its close timeout.
    @Test func whenAnsweredRunsAtOnceForAStoppedService() {
        let service = service()
        let client = service.connect(Inbox())
        service.stopReceiving()
        let ran = Mutex(false)
        service.whenAnswered(client) { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
    }

    @Test func restAnswersFromTheLatestTick() throws {
        let service = service()
        service.publish([vehicle("a", lon: -73.995, lat: 40.705), vehicle("b", lon: -73.5, lat: 40.9)])
        let answer = Mutex<Result<[UInt8], PushRequestError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        service.vehicleList(.init(box: box(-74, 40.7, -73.99, 40.71))) { result in
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        let body = try DecodedMessage(try #require(answer.withLock { $0 }).get())
        #expect(body.vehicleIDs == ["a"] && body.seq == 1 && body.object["ts"] as? Int == 1_000_000)
    }
}

/// The inbound side: client messages wait per connection and are handled in slices, so a flood
/// neither delays a tick nor another client's messages, and shutdown drops what waits.
@Suite struct PushServiceInboundTests {
    /// One connection's frames and what the service signalled it, with how many messages the
    /// service had handled over all connections when each frame arrived.
    final class Peer: Sendable {
        let frames = Mutex<[(frame: [UInt8], handledSoFar: Int)]>([])
        let signals = Mutex<[PushPeerSignal]>([])
        var decoded: [DecodedMessage] { frames.withLock { $0 }.compactMap { try? DecodedMessage($0.frame) } }
    }

    final class Totals: Sendable {
        let handled = Mutex(0)
    }

    func service(totals: Totals, limits: PushLimits = PushLimits()) -> PushService<Peer, [UInt8]> {
        var configuration = PushHub.Configuration(epoch: "e", source: "replay")
        configuration.grid = TileGrid(longitudeStep: 0.01, latitudeStep: 0.01)
        configuration.limits = limits
        return PushService(configuration: configuration, prepare: { bytes, _ in bytes }, send: { batch, _ in
            let handled = totals.handled.withLock { $0 }
            for (peer, frame) in batch { peer.frames.withLock { $0.append((frame, handled)) } }
        }, signal: { peer, signal in
            if case .handled(let messages, _) = signal { totals.handled.withLock { $0 += messages } }
            peer.signals.withLock { $0.append(signal) }
        }, clock: { 1000 })
    }

    func waitFor(_ condition: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() && ContinuousClock.now < deadline { usleep(1000) }
    }

    var generous: PushLimits {
        var limits = PushLimits()
        limits.messageBurst = 1_000_000
        return limits
    }

    /// A service with a budget out of the way and two connections, a flooder and another, both greeted.
    func flooderAndAnother() -> (service: PushService<Peer, [UInt8]>, totals: Totals, flooding: (peer: Peer, id: ClientID),
                                 other: (peer: Peer, id: ClientID)) {
        let totals = Totals()
        let service = service(totals: totals, limits: generous)
        let flooder = Peer(), other = Peer()
        let flooding = service.connect(flooder)
        let client = service.connect(other)
        waitFor { other.decoded.count == 1 && flooder.decoded.count == 1 }
        return (service, totals, (flooder, flooding), (other, client))
    }

    @Test func aTickWaitsBehindOneSliceAtMostWhateverTheBacklog() throws {
        let (service, totals, (_, flooding), (watcher, watching)) = flooderAndAnother()
        service.receive(#"{"op":"subscribe","bbox":[-74,40.7,-73.99,40.71]}"#, from: watching)
        waitFor { watcher.decoded.count == 2 }
        let before = totals.handled.withLock { $0 }
        for _ in 0..<5000 {
            service.receive(#"{"op":"watch","station":"127"}"#, from: flooding)
            service.receive(#"{"op":"unwatch","station":"127"}"#, from: flooding)
        }
        // The queue is held while the tick is handed over (from another thread: publish waits for its step), so
        // what runs before the tick is known however this thread is scheduled: the slice running when the queue was
        // held ends, at most one more was queued behind it, then the tick.
        service.queue.suspend()
        let published = DispatchSemaphore(value: 0)
        // A thread of its own (not a dispatch worker, which the tests running beside this one may all hold).
        Thread {
            service.publish([vehicle("a", lon: -73.995, lat: 40.705)])
            published.signal()
        }.start()
        usleep(200_000)  // time for the publish call to reach the held queue
        let atPublish = totals.handled.withLock { $0 }
        service.queue.resume()
        published.wait()
        let delta = watcher.frames.withLock { $0 }.last!
        #expect(try DecodedMessage(delta.frame).type == "delta")
        // The rest of the slice running when the queue was held, and the one queued behind it.
        #expect(delta.handledSoFar - atPublish <= 2 * PushService<Peer, [UInt8]>.sliceSize)
        #expect(totals.handled.withLock { $0 } - before < 10_000)
        waitFor { totals.handled.withLock { $0 } == before + 10_000 }
        #expect(totals.handled.withLock { $0 } == before + 10_000)
    }

    @Test func anotherClientsMessageIsHandledWithinATurnOfAFlood() throws {
        let (service, totals, (flooder, flooding), (other, client)) = flooderAndAnother()
        for _ in 0..<5000 { service.receive("garbage", from: flooding) }
        // Held while the subscribe arrives, so no slice starts between counting and receiving it.
        service.queue.suspend()
        let atSubscribe = totals.handled.withLock { $0 }
        service.receive(#"{"op":"subscribe","bbox":[-74,40.7,-73.99,40.71]}"#, from: client)
        service.queue.resume()
        waitFor { other.decoded.count == 2 }
        let snapshot = try #require(other.frames.withLock { $0 }.last)
        #expect(try DecodedMessage(snapshot.frame).type == "snapshot")
        // Served by the rest of the slice running when it arrived or the next one, not after the flood's 5,000.
        #expect(snapshot.handledSoFar - atSubscribe <= 2 * PushService<Peer, [UInt8]>.sliceSize)
        // Every message is reported handled, in slices, with its bytes.
        waitFor { totals.handled.withLock { $0 } == 5001 }
        let bytes = flooder.signals.withLock { $0 }.reduce(0) { sum, signal in
            if case .handled(_, let bytes) = signal { return sum + bytes }
            return sum
        }
        #expect(bytes == 5000 * 7)
    }

    /// A slice queued before a connection existed must still greet it before its first message:
    /// registration waits in the connection's own line.
    @Test func aConnectionThatArrivesDuringAFloodIsGreetedBeforeItsMessageIsHandled() {
        let (service, _, (_, flooding), _) = flooderAndAnother()
        let late = (0..<50).map { _ in Peer() }
        for peer in late {
            for _ in 0..<40 { service.receive("garbage", from: flooding) }
            let client = service.connect(peer)
            service.receive(#"{"op":"subscribe","bbox":[-74,40.7,-73.99,40.71]}"#, from: client)
        }
        waitFor { late.allSatisfy { $0.decoded.count == 2 } }
        for peer in late { #expect(peer.decoded.map { $0.type ?? "" } == ["hello", "snapshot"]) }
    }

    @Test func aFloodOverBudgetEndsInACloseSignalAndStopsBeingHandled() {
        let totals = Totals()
        let service = service(totals: totals)
        let flooder = Peer()
        let flooding = service.connect(flooder)
        for _ in 0..<1000 { service.receive("garbage", from: flooding) }
        waitFor { flooder.signals.withLock { $0 }.contains(.close(reason: "message budget exceeded")) }
        let refused = service.statistics
        // The burst (40) answered, 20 refusals, then the close; what waited behind it was dropped.
        #expect(refused.overBudget == 21 && refused.closedOverBudget == 1 && refused.queuedMessages == 0)
        #expect(flooder.decoded.filter { $0.code == "rate_limited" }.count == 21)
    }

    @Test func stoppingDropsWhatWaitsAndIgnoresMore() {
        let totals = Totals()
        let service = service(totals: totals, limits: generous)
        let peer = Peer()
        let client = service.connect(peer)
        waitFor { peer.decoded.count == 1 }
        service.stopReceiving()
        for _ in 0..<100 { service.receive("garbage", from: client) }
        service.publish([])
        #expect(service.statistics.queuedMessages == 0)
        #expect(peer.decoded.map { $0.type ?? "" } == ["hello"])
    }
}

@Suite struct TickLoopTests {
    @Test func ticksAtTheCadenceAndAtOnceWhenWoken() {
        let ticks = Mutex(0)
        let loop = TickLoop(cadence: 3600) { ticks.withLock { $0 += 1 } }
        loop.start()
        let deadline = Date().addingTimeInterval(5)
        while ticks.withLock({ $0 }) < 1, Date() < deadline { usleep(1000) }
        loop.wake()
        while ticks.withLock({ $0 }) < 2, Date() < deadline { usleep(1000) }
        loop.stop()
        // One tick at start, one for the wake; the hour-long cadence never fired.
        #expect(ticks.withLock { $0 } == 2)
    }
}
