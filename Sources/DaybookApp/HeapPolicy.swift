import MallocTuning

/// How much free memory the server keeps in its malloc heaps between requests.
///
/// glibc hands memory at the top of a heap back to the kernel once more than 128 KiB of it is
/// free. A SQLite write whose trigger deletes several rows (the insight rollups of a day or a
/// check-in) frees a temporary b-tree's page cache at the end of every statement, so each write
/// returned memory and faulted it in again: with 4 MiB kept, a day save spent 150 µs in SQLite
/// instead of 400 (docs/performance-log.md, tenth pass). Photo uploads still give their memory
/// back: `ImageProcessor` trims the heaps after each one.
public enum HeapPolicy {
    /// Free memory kept at each heap's top, and the size from which allocations are mapped
    /// separately (glibc's default: 128 KiB, growing on its own only until a threshold is set).
    public static let keptBytes: Int32 = 4 << 20

    /// Sets the policy; `daybook serve` calls it first thing. False (and nothing changed) off
    /// glibc, or if glibc refused the sizes.
    @discardableResult
    public static func configure() -> Bool {
        daybook_keep_heap_top(keptBytes) == 0
    }
}
