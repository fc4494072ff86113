import DaybookApp
import Testing

@Suite("Heap policy")
struct HeapPolicyTests {
    /// glibc takes both thresholds (it refuses a mapping threshold above 32 MiB, for one).
    @Test func glibcTakesThePolicy() {
        #if canImport(Glibc)
            #expect(HeapPolicy.configure())
        #endif
    }
}
