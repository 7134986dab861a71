import Foundation
import Synchronization
import Testing
@testable import TracksideServer

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

    func service(prepared: Counter? = nil) -> PushService<Inbox, [UInt8]> {
        var configuration = PushHub.Configuration(epoch: "e", source: "replay")
        configuration.grid = TileGrid(longitudeStep: 0.01, latitudeStep: 0.01)
        return PushService(configuration: configuration, prepare: { bytes, _ in
            prepared?.value.withLock { $0 += 1 }
            return bytes
        }, send: { batch in
            for (inbox, frame) in batch { inbox.append(frame) }
        }, clock: { 1000 })
    }

    @Test func framesArePreparedOncePerDeliveryAndArriveInOrder() {
        let prepared = Counter()
        let service = service(prepared: prepared)
        let inboxes = (0..<3).map { _ in Inbox() }
        let clients = inboxes.map { service.connect($0) }
        for client in clients { service.receive(#"{"op":"subscribe","bbox":[-74,40.7,-73.99,40.71]}"#, from: client) }
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

    @Test func binaryMessagesAndDisconnectsAreHandled() {
        let service = service()
        let inbox = Inbox()
        let client = service.connect(inbox)
        service.receiveBinary(from: client)
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
