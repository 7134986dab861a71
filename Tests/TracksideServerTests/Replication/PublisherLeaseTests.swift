import Testing
@testable import TracksideServer

@Suite struct PublisherLeaseTests {
    /// Takes the lease at `now` with term `term`.
    func leading(term: UInt64 = 5, at now: Double = 100) -> PublisherLease {
        var lease = PublisherLease()
        #expect(lease.poll(at: now) == .acquire(ttlMilliseconds: 3000))
        lease.received(.term(term), at: now + 0.01)
        return lease
    }

    @Test func acquiringTakesTheLeaseWithATerm() {
        let lease = leading()
        #expect(lease.role(at: 100.02) == .leading(term: 5))
    }

    @Test func aLeaseHeldElsewhereKeepsThisEngineStandingByAndAskingEveryHalfSecond() {
        var lease = PublisherLease()
        #expect(lease.poll(at: 0) == .acquire(ttlMilliseconds: 3000))
        lease.received(.granted(false), at: 0.01)
        #expect(lease.role(at: 0.01) == .standby)
        #expect(lease.poll(at: 0.4) == nil)
        #expect(lease.poll(at: 0.5) == .acquire(ttlMilliseconds: 3000))
        lease.received(.failed, at: 0.51)
        #expect(lease.role(at: 0.51) == .standby)
    }

    @Test func renewalsEverySecondKeepTheLease() {
        var lease = leading()
        var now = 100.0
        for _ in 0..<20 {
            now += 1
            #expect(lease.poll(at: now) == .renew(ttlMilliseconds: 3000))
            lease.received(.granted(true), at: now + 0.05)
            #expect(lease.role(at: now + 0.99) == .leading(term: 5))
        }
    }

    @Test func aRefusedRenewalOrAFencedAppendStandsDownAtOnce() {
        var lease = leading()
        #expect(lease.poll(at: 101) == .renew(ttlMilliseconds: 3000))
        lease.received(.granted(false), at: 101.01)
        #expect(lease.role(at: 101.01) == .standby)
        // And it asks again, as any standby does, for a new term.
        #expect(lease.poll(at: 102.01) == .acquire(ttlMilliseconds: 3000))
        #expect(lease.poll(at: 102.3) == nil)
        var fenced = leading()
        fenced.fenced()
        #expect(fenced.role(at: 100.5) == .standby)
    }

    @Test func unansweredRenewalsStandDownBeforeTheTTLCouldHaveExpired() {
        var lease = leading(at: 100)
        // Redis stops answering after the lease was taken at 100 (held until 100 + 3 - 0.5).
        #expect(lease.poll(at: 101) == .renew(ttlMilliseconds: 3000))
        lease.received(.failed, at: 101.2)
        #expect(lease.role(at: 102.4) == .leading(term: 5))
        #expect(lease.role(at: 102.5) == .standby)
        // A command never answered counts as failed once the TTL has passed.
        var silent = leading(at: 200)
        #expect(silent.poll(at: 201) == .renew(ttlMilliseconds: 3000))
        #expect(silent.poll(at: 203) == nil)
        #expect(silent.role(at: 203) == .standby)
        #expect(silent.poll(at: 204.1) == .acquire(ttlMilliseconds: 3000))
    }

    @Test func releaseStopsLeadingAndHandsTheLeaseBack() {
        var lease = leading()
        #expect(lease.release(at: 100.5) == .release)
        #expect(lease.role(at: 100.5) == .standby)
        #expect(lease.poll(at: 105) == nil)
        var standby = PublisherLease()
        #expect(standby.release(at: 0) == nil)
    }
}
