// The calling thread's scheduling priority, for Platform's ThreadPriority.
#define _GNU_SOURCE
#include "CSystem.h"
#include <errno.h>
#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

int cc_thread_niceness(void) {
#if defined(__linux__)
    // On Linux a nice value belongs to a thread: PRIO_PROCESS with a thread id reads that
    // thread's alone (POSIX would say the whole process; Linux does not follow it here).
    errno = 0;
    int value = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
    return errno == 0 ? value : 0;
#else
    return 0;
#endif
}

int cc_lower_thread_priority(int by) {
#if defined(__linux__)
    int now = cc_thread_niceness();
    int wanted = now + by > 19 ? 19 : now + by;
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), wanted) == 0 ? 0 : -1;
#else
    (void)by;
    return 0;
#endif
}
