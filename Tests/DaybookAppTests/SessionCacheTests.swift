import DaybookCore
import DaybookServices
import Foundation
import Testing

@Suite("The session cache")
struct SessionCacheTests {
    func entry(user: UUID = UUID()) -> SessionCache.Entry {
        let time = Date()
        let session = Session(
            userID: user, tokenHash: "h", kind: .api, persistent: true, deviceName: "", ipAddress: "", createdAt: time,
            lastSeenAt: time, expiresAt: time.addingTimeInterval(60))
        return (session, User(id: user, email: "a@example.org", username: "a"))
    }

    @Test func anEntryIsUsedForItsLifetimeOnly() {
        let clock = ManualMonotonicClock()
        let cache = SessionCache(lifetime: .milliseconds(100), now: { clock.now })
        cache.keep(entry(), tokenHash: "h", readSince: cache.generation)
        #expect(cache.entry(tokenHash: "h") != nil)
        #expect(cache.entry(tokenHash: "other") == nil)
        clock.advance(.milliseconds(99))
        #expect(cache.entry(tokenHash: "h") != nil)
        clock.advance(.milliseconds(1))
        #expect(cache.entry(tokenHash: "h") == nil)
    }

    @Test func aReadThatRacedWithAForgetIsNotKept() {
        let cache = SessionCache(lifetime: .seconds(60))
        let user = UUID()
        let before = cache.generation
        cache.forget(userID: UUID())  // any user's change: the read may have seen the old state
        cache.keep(entry(user: user), tokenHash: "h", readSince: before)
        #expect(cache.entry(tokenHash: "h") == nil)
        cache.keep(entry(user: user), tokenHash: "h", readSince: cache.generation)
        #expect(cache.entry(tokenHash: "h") != nil)
    }

    @Test func forgettingAUserDropsOnlyTheirSessions() {
        let cache = SessionCache(lifetime: .seconds(60))
        let (ann, bob) = (UUID(), UUID())
        cache.keep(entry(user: ann), tokenHash: "ann1", readSince: cache.generation)
        cache.keep(entry(user: ann), tokenHash: "ann2", readSince: cache.generation)
        cache.keep(entry(user: bob), tokenHash: "bob", readSince: cache.generation)
        cache.forget(userID: ann)
        #expect(cache.entry(tokenHash: "ann1") == nil && cache.entry(tokenHash: "ann2") == nil)
        #expect(cache.entry(tokenHash: "bob") != nil)
    }

    @Test func itHoldsAtMostItsCapacityAndZeroLifetimeKeepsNothing() {
        let cache = SessionCache(lifetime: .seconds(60), capacity: 3)
        for name in ["a", "b", "c", "d"] { cache.keep(entry(), tokenHash: name, readSince: cache.generation) }
        #expect(["a", "b", "c", "d"].filter { cache.entry(tokenHash: $0) != nil }.count <= 3)
        #expect(cache.entry(tokenHash: "d") != nil)
        let off = SessionCache(lifetime: .zero)
        off.keep(entry(), tokenHash: "h", readSince: off.generation)
        #expect(off.entry(tokenHash: "h") == nil)
    }
}
