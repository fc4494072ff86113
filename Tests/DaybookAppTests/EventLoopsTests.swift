import Testing

@testable import DaybookApp

/// `DAYBOOK_EVENT_LOOPS`, or half the cores: the handlers run on Swift's pool, one thread a core.
@Suite struct EventLoopsTests {
    @Test func halfTheCoresUnlessConfigured() {
        let defaults = DaybookConfiguration.fromEnvironment([:])
        #expect(defaults.eventLoops == nil)
        #expect(EventLoops.count(defaults, cores: 1) == 1)
        #expect(EventLoops.count(defaults, cores: 2) == 1)
        #expect(EventLoops.count(defaults, cores: 8) == 4)
        let three = DaybookConfiguration.fromEnvironment(["DAYBOOK_EVENT_LOOPS": "3"])
        #expect(EventLoops.count(three, cores: 2) == 3)
        for bad in ["0", "-2", "many", ""] {
            #expect(DaybookConfiguration.fromEnvironment(["DAYBOOK_EVENT_LOOPS": bad]).eventLoops == nil)
        }
    }
}
