// MallocTuning: see include/MallocTuning.h.
//
// Why: every SQLite write that runs a trigger with a multi-row DELETE (the insight rollups of a
// day or a check-in) opens a temporary b-tree, whose page cache (~90 KB) is freed when the
// statement ends. glibc then found more than its 128 KiB trim threshold free at the top of the
// heap and gave it back (brk/madvise), so the next write faulted the same pages in again: two
// system calls and ~20 page faults per write, inside the writer's lock. docs/performance-log.md has
// the figures.
#include "MallocTuning.h"

#include <stdlib.h>  // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>

int daybook_keep_heap_top(int bytes) {
    if (bytes <= 0) return -1;
    int trimmed = mallopt(M_TRIM_THRESHOLD, bytes);
    int mapped = mallopt(M_MMAP_THRESHOLD, bytes);
    return trimmed == 1 && mapped == 1 ? 0 : -1;
}
#else
int daybook_keep_heap_top(int bytes) {
    (void)bytes;
    return -1;
}
#endif
