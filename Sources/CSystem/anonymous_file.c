// An anonymous file in memory, for Platform's SpooledInput.
#define _GNU_SOURCE
#include "CSystem.h"
#include <errno.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

int cc_anonymous_file(const char *name) {
#if defined(__linux__)
    return memfd_create(name, MFD_CLOEXEC);
#else
    (void)name;
    errno = ENOSYS;
    return -1;
#endif
}
