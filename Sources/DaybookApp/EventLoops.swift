import NIOCore

/// How many event loops the server runs: half the cores (at least one) unless configured.
///
/// A request's handler (database, rendering, JSON) runs on Swift's concurrency pool, one thread
/// per core; the event loops only accept, parse and write. With a loop per core as well, twice as
/// many threads as cores are busy under load and the kernel's time slices show up as tails: on 2
/// cores at 16 connections, one loop instead of two took the p99 of the closet's item list from 17
/// to 11 ms, its tag search from 23–26 to 14 ms and a list of 50 days from 20–23 to 14 ms, with
/// the same or more requests per second (docs/performance-log.md, seventh pass). What one loop
/// cannot do as well is the constant route at 64 connections and more, which is all loop work
/// (−15 %).
public enum EventLoops {
    /// Sets SwiftNIO's shared event loop group size (HTTP server, PostgreSQL, push client). Only
    /// `daybook serve` calls it, first thing: NIO allows it once, before the group is first used.
    public static func configure(_ configuration: DaybookConfiguration) {
        NIOSingletons.groupLoopCountSuggestion = count(configuration, cores: System.coreCount)
    }

    static func count(_ configuration: DaybookConfiguration, cores: Int) -> Int {
        configuration.eventLoops ?? max(1, cores / 2)
    }

    /// Lets the listening socket take up to 256 waiting connections per wake-up instead of NIO's
    /// 4. When many clients connect at once while the loop is busy (a burst, a restart behind a
    /// proxy, `make bench` at 256 connections), the last of them otherwise waited in the backlog
    /// past a client's 2 s timeout: search at 256 connections had 106–125 time-outs in 8 s, with
    /// this 0, and the p99 of a list of 50 check-ins went from 426–610 to 221–231 ms.
    static func acceptConnectionsInBatches(on channel: any Channel) async {
        try? await channel.setOption(ChannelOptions.maxMessagesPerRead, value: 256).get()
    }
}
