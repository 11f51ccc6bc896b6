#ifndef SCENEHOST_ALLOC_COUNTER_H
#define SCENEHOST_ALLOC_COUNTER_H

#include <stddef.h>
#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made by any
/// code in the process since the last reset. realloc counts as one allocation per call.
uint64_t alloc_counter_allocations(void);
/// Bytes requested by those allocations.
uint64_t alloc_counter_bytes(void);
/// free() calls with a non-null pointer since the last reset.
uint64_t alloc_counter_frees(void);
/// Sets all three counters to zero.
void alloc_counter_reset(void);

/// Bytes of heap in use: mallinfo2().uordblks (main arena and mmapped chunks, glibc).
size_t alloc_counter_heap_in_use(void);
/// Resident set size in bytes, from /proc/self/statm.
size_t alloc_counter_rss_bytes(void);

/// Makes one malloc and one free through the PLT (so the compiler cannot elide them) and returns 1
/// when the counters saw both, i.e. the interposition is active.
int alloc_counter_self_test(void);

#endif
