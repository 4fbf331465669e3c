// The kernel's file-to-file copy, for Platform's WholeFile.copy, and the rename that
// never replaces, for WholeFile.Part where there are no hard links.
#define _GNU_SOURCE
#include "CSystem.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

long cc_copy_file_range(int from, int to, size_t count) {
#if defined(__linux__)
    return (long)copy_file_range(from, NULL, to, NULL, count, 0);
#else
    (void)from; (void)to; (void)count;
    errno = ENOSYS;
    return -1;
#endif
}

int cc_rename_noreplace(const char *from, const char *to) {
#if defined(__linux__) && defined(RENAME_NOREPLACE)
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#else
    (void)from; (void)to;
    errno = ENOSYS;
    return -1;
#endif
}
