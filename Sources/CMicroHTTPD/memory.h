// The one allocator setting MicroHTTP makes, as a function: Swift's Glibc module does not bring in <malloc.h>, so
// neither mallopt nor M_MMAP_THRESHOLD is visible to Swift. The header is MicroHTTP's, which is why it is here.
#ifndef MICROHTTP_MEMORY_H
#define MICROHTTP_MEMORY_H

#ifdef __linux__
#include <malloc.h>
#endif

// Why: M_MMAP_THRESHOLD is a macro in <malloc.h>, which Swift's Glibc module does not bring in. A fixed threshold
// keeps blocks of 128 KiB and more (request bodies, batch answers) mapped per use and returned when freed; glibc
// otherwise raises the threshold after such blocks are freed, and a burst of large requests stays resident.
static inline int
microhttp_map_large_blocks(void)
{
#ifdef __linux__
  return mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#else
  return 1;  // other C libraries return freed large blocks to the system by themselves
#endif
}

#endif
