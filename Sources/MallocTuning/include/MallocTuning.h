// MallocTuning: how the server asks glibc's allocator to keep memory it will need again.
#ifndef MALLOC_TUNING_H
#define MALLOC_TUNING_H

/// Keeps up to `bytes` of free memory at the top of each malloc heap instead of handing it back
/// to the kernel after every free, and serves allocations below `bytes` from the heaps (glibc
/// otherwise maps and unmaps each one above 128 KiB until its adaptive threshold has grown).
/// Returns 0 on success, -1 where the C library has no `mallopt` (not glibc): nothing changes.
int daybook_keep_heap_top(int bytes);

#endif
