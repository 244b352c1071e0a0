/* Counts the calls of malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign of a process it is
 * preloaded into (LD_PRELOAD), for scripts/bench/app.py: the app-side bench reads the count through
 * deeplinkd_bench_allocations() before and after the loop it measures. Each call goes on to glibc's own allocator,
 * so what is measured allocates as it would without it. Built on the fly by the bench: cc -shared -fPIC -O2. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static uint64_t allocations;

static void counted(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

uint64_t deeplinkd_bench_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
    counted();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    counted();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    counted();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    counted();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
