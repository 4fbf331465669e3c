// The C allocator's policy for large blocks, for Platform's ProcessMemory.
#include "CSystem.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int cc_map_large_blocks(size_t at_least) {
#if defined(__GLIBC__)
    // Setting the threshold also turns off glibc's sliding threshold, which otherwise rises
    // to the size of the largest block freed so far and then serves such blocks from the
    // heap, where freeing them does not give the memory back.
    return mallopt(M_MMAP_THRESHOLD, (int)at_least) == 1 ? 0 : -1;
#else
    (void)at_least;
    return 0;
#endif
}
