// ISA-L loaded at run time: only PNG work pays for it (linked, it cost every process about
// 0.1 ms of start-up; issue 14 §4). The header is kept for the types; calls go through the table.
#ifndef CC_ISAL_LOADER_H
#define CC_ISAL_LOADER_H

#include "cc_internal.h"
#include <dl_library.h>
#include <isa-l/igzip_lib.h>

/// The shared object opened on first use (the soname of Debian 12's libisal2).
#define CC_ISAL_SONAME "libisal.so.2"

/// Every ISA-L function called (the PNG image data's inflater).
#define CC_ISAL_FUNCTIONS(X) \
    X(isal_inflate_init) \
    X(isal_inflate)

/// Pointers to ISA-L's functions, each field named after the function it holds.
typedef struct {
    CC_ISAL_FUNCTIONS(CC_DL_FIELD)
} cc_isal_api;

/// The process's ISA-L, loaded once (thread-safe); NULL when it cannot be, with the reason in `msg`.
const cc_isal_api *cc_isal_api_get(char *msg, size_t msglen);

#endif
