import Testing
@testable import TracksideServer

@Suite struct MessageBudgetTests {
    func limits(burst: Double = 3, rate: Double = 2, refusals: Double = 2) -> PushLimits {
        var limits = PushLimits()
        limits.messageBurst = burst
        limits.messagesPerSecond = rate
        limits.refusalsBeforeClose = refusals
        return limits
    }

    @Test func refusesOverTheBurstAndClosesAfterTheRefusals() {
        var budget = MessageBudget(limits: limits())
        for _ in 0..<3 { #expect(budget.admit(now: 10) == .accept) }
        #expect(budget.admit(now: 10) == .refuse(retryAfter: 0.5))
        #expect(budget.admit(now: 10) == .refuse(retryAfter: 0.5))
        #expect(budget.admit(now: 10) == .close)
    }

    @Test func aClientThatSlowsDownIsForgiven() {
        var budget = MessageBudget(limits: limits())
        for _ in 0..<3 { _ = budget.admit(now: 10) }
        #expect(budget.admit(now: 10) == .refuse(retryAfter: 0.5))
        // Within its rate from then on, with refusals forgiven at one a second: never closed.
        var now = 10.0
        for _ in 0..<100 {
            now += 0.5
            #expect(budget.admit(now: now) == .accept)
        }
        #expect(budget.admit(now: now) == .refuse(retryAfter: 0.5))
        #expect(budget.admit(now: now) == .refuse(retryAfter: 0.5))
    }

    /// Every op spends the budget, garbage and binary included, before any parsing.
    @Test func everyOpSpendsTheBudgetAndTheSessionEndsWithACloseOrder() throws {
        var configuration = PushHub.Configuration(epoch: "e", source: "replay")
        configuration.limits = limits()
        var hub = PushHub(configuration: configuration)
        let client = ClientID(1)
        _ = hub.connect(client)
        #expect(hub.receive(#"{"op":"watch","station":"127"}"#, from: client, now: 5).count == 1)
        let garbage = try #require(hub.receive("not json", from: client, now: 5).first)
        #expect(try DecodedMessage(garbage.message).code == "bad_request")
        let binary = try #require(hub.receiveBinary(from: client, now: 5).first)
        #expect(try DecodedMessage(binary.message).code == "bad_request")
        for text in [#"{"op":"unwatch","station":"127"}"#, "\u{0}"] {
            let refused = try #require(hub.receive(text, from: client, now: 5).first)
            let decoded = try DecodedMessage(refused.message)
            #expect(decoded.code == "rate_limited" && refused.closeReason == nil)
            #expect((decoded.object["message"] as? String)?.contains("2 messages a second") == true)
        }
        let last = try #require(hub.receiveBinary(from: client, now: 5).first)
        #expect(last.closeReason != nil && last.recipients == [client])
        #expect((try DecodedMessage(last.message).object["message"] as? String)?.hasPrefix("closing") == true)
        // Once closing, nothing more is answered, however long it waits.
        #expect(hub.receive(#"{"op":"watch","station":"127"}"#, from: client, now: 500).isEmpty)
        #expect(hub.overBudgetCount == 3 && hub.closedOverBudgetCount == 1)
        // The unwatch was refused, so the watch stands.
        #expect(hub.watchCount == 1)
    }
}

@Suite struct InboundQueueTests {
    @Test func slicesTakeOneMessagePerConnectionPerTurn() {
        var queue = InboundQueue<String>()
        for n in 0..<5 { queue.append("a\(n)", from: ClientID(1)) }
        queue.append("b0", from: ClientID(2))
        queue.append("c0", from: ClientID(3))
        queue.append("c1", from: ClientID(3))
        #expect(queue.count == 8)
        #expect(queue.slice(limit: 4).map(\.message) == ["a0", "b0", "c0", "a1"])
        // The next slice starts where the last one stopped: c's turn; b, back, waits one turn.
        queue.append("b1", from: ClientID(2))
        #expect(queue.slice(limit: 3).map(\.message) == ["c1", "b1", "a2"])
        #expect(queue.slice(limit: 10).map(\.message) == ["a3", "a4"])
        #expect(queue.isEmpty)
    }

    @Test func removingAConnectionKeepsTheOthersTurns() {
        var queue = InboundQueue<Int>()
        for client in 1...3 { for n in 0..<2 { queue.append(client * 10 + n, from: ClientID(UInt64(client))) } }
        #expect(queue.slice(limit: 2).map(\.message) == [10, 20])
        #expect(queue.remove(ClientID(1)) == [11])
        #expect(queue.slice(limit: 10).map(\.message) == [30, 21, 31])
        queue.append(7, from: ClientID(4))
        #expect(queue.removeAll()[ClientID(4)] == [7])
        #expect(queue.isEmpty && queue.slice(limit: 1).isEmpty)
    }
}

@Suite struct TickHealthTests {
    @Test func lateWhenNoTickFinishesForMoreThanACadencePlusGrace() {
        var health = TickHealth(cadence: 1)
        // Before the first tick nothing is late, however long it takes.
        #expect(!health.isLate(at: 1e9) && health.lag(at: 1e9) == 0)
        #expect(finish(&health, at: 100) == nil)
        #expect(health.lateAfter == 2)
        #expect(finish(&health, at: 101) == nil && health.lag(at: 101.5) == 0)
        #expect(!health.isLate(at: 103) && health.isLate(at: 103.1))
        #expect(health.lag(at: 104) == 2)
        #expect(finish(&health, at: 104.5) == 3.5 && health.lateTicks == 1)
        #expect(!health.isLate(at: 105))
        // A slow cadence gets a grace of one cadence.
        #expect(TickHealth(cadence: 5).lateAfter == 10)
    }

    func finish(_ health: inout TickHealth, at now: Double) -> Double? {
        health.finished(at: now)
    }

    @Test func readinessFailsWhileTicksAreLate() throws {
        let ready = Readiness(staticLoaded: true, expected: [], status: [])
        #expect(ready.isReady)
        let late = Readiness(staticLoaded: true, expected: [], status: [], tickLag: 4.5)
        #expect(!late.isReady)
        #expect(String(decoding: late.json(), as: UTF8.self).contains(#""ticks_late":4.5"#))
    }
}
