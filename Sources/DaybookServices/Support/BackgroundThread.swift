import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs long CPU work that one person's request started (reading an import file) on a thread of
/// its own, at a lower scheduling priority, instead of on Swift's cooperative pool. That pool has
/// one thread per core and serves every request: two large files read on it once left no thread
/// for anybody's `GET /me` for minutes. On a thread of its own, the work takes what the cores have
/// spare, and the kernel gives requests the rest.
enum BackgroundThread {
    /// The nice value the thread takes (higher is kinder; 0 is a request's).
    static let niceness: Int32 = 10

    static func run<T: Sendable>(name: String, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                lowerPriority()
                continuation.resume(with: Result { try work() })
            }
            thread.name = name
            thread.start()
        }
    }

    private static func lowerPriority() {
        #if canImport(Glibc)
            // Linux keeps a nice value per thread, and `who` 0 names the calling thread: this one
            // alone is lowered.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }
}
