// Counts heap allocations by interposing the allocation functions of glibc.
//
// The executable that links this file defines malloc & co.; the dynamic linker binds every shared
// library's references (libswiftCore, libSceneCore, libc itself through its PLT-free internal calls
// excepted) to these definitions, which count and forward to glibc's real allocator through its
// exported __libc_* entry points. No dlsym, so no recursion during start-up.
#define _GNU_SOURCE
#include "alloc_counter.h"

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static uint64_t allocations;
static uint64_t bytes;
static uint64_t frees;

static inline void count(size_t size) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&bytes, (uint64_t)size, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    count(n * size);
    return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
    count(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer != NULL) __atomic_fetch_add(&frees, 1, __ATOMIC_RELAXED);
    __libc_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

uint64_t alloc_counter_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }
uint64_t alloc_counter_bytes(void) { return __atomic_load_n(&bytes, __ATOMIC_RELAXED); }
uint64_t alloc_counter_frees(void) { return __atomic_load_n(&frees, __ATOMIC_RELAXED); }

void alloc_counter_reset(void) {
    __atomic_store_n(&allocations, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&bytes, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&frees, 0, __ATOMIC_RELAXED);
}

size_t alloc_counter_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

size_t alloc_counter_rss_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return 0;
    unsigned long size = 0, resident = 0;
    int matched = fscanf(file, "%lu %lu", &size, &resident);
    fclose(file);
    if (matched != 2) return 0;
    return (size_t)resident * (size_t)sysconf(_SC_PAGESIZE);
}

int alloc_counter_self_test(void) {
    // Through a volatile function pointer, so the call cannot be folded away.
    void *(*volatile allocate)(size_t) = malloc;
    void (*volatile release)(void *) = free;
    uint64_t before = alloc_counter_allocations();
    uint64_t freesBefore = alloc_counter_frees();
    void *pointer = allocate(64);
    release(pointer);
    return alloc_counter_allocations() > before && alloc_counter_frees() > freesBefore;
}
