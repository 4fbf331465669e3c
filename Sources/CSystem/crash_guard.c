// Gives the terminal back when mediapick crashes while a screen holds it.
//
// A fault (SIGSEGV, SIGILL from a Swift trap, SIGABRT from a C library's assert…) ends the
// program by its default action: the shell then got a tty without echo, in the alternate
// screen, with mouse tracking on, so that every click typed escapes. The handler does only
// async-signal-safe things (write, tcsetattr, sigaction, raise; stderr_hold.c's dup2, read,
// fcntl, nanosleep and atomics) on state at file scope, the
// only place a handler can reach, written by cc_crash_guard_arm/disarm from one thread
// before the handlers are installed and after they are removed.
#define _GNU_SOURCE
#include "CSystem.h"
#include "signal_safe_write.h"
#include "stderr_hold_crash.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

enum { kMaxFaults = 16, kMaxLeave = 256 };

static volatile sig_atomic_t guard_fd = -1;
// Written before the handlers are installed; the handler only reads them.
static struct termios guard_saved;
static char guard_leave[kMaxLeave];
static size_t guard_leave_length;
static int guard_signals[kMaxFaults];
static struct sigaction guard_previous[kMaxFaults];
static int guard_count;

static void restore_then_crash(int signo, siginfo_t *info, void *context) {
    int fd = guard_fd;
    if (fd >= 0) {
        cc_signal_safe_write_all(fd, guard_leave, guard_leave_length);
        // The mode first: with it, the held text's newlines start their lines again.
        tcsetattr(fd, TCSANOW, &guard_saved);
    }
    // What stderr held while the screen was up (the Swift runtime's "Fatal error: …" line,
    // written just before the trap), on the real stderr, which fd 2 is again from here on.
    cc_stderr_hold_give_back_on_crash();
    if (fd >= 0) {
        // One line on the tty: stderr may be a pipe of the caller's, or a log.
        static const char before[] = "mediapick: crashed (signal ";
        char line[sizeof before + 24];
        size_t n = sizeof before - 1;
        memcpy(line, before, n);
        n += cc_signal_safe_decimal(line + n, (unsigned long)signo);
        line[n++] = ')';
        line[n++] = '\r';
        line[n++] = '\n';
        cc_signal_safe_write_all(fd, line, n);
    }
    // The handler found at arming runs as it would have: the Swift runtime's, which prints a
    // backtrace. It may return (it does for a signal sent with kill), so the default action
    // follows in any case: the program ends, with a core where the limits allow one.
    for (int i = 0; i < guard_count; i++) {
        if (guard_signals[i] != signo) continue;
        const struct sigaction *previous = &guard_previous[i];
        if (previous->sa_flags & SA_SIGINFO) {
            if (previous->sa_sigaction) previous->sa_sigaction(signo, info, context);
        } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
            previous->sa_handler(signo);
        }
    }
    struct sigaction fallback = {0};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signo, &fallback, NULL);
    // Blocked while this handler runs: delivered on return, with its default action.
    raise(signo);
}

int cc_crash_guard_arm(int fd, const char *leave, size_t length, const int *signals, int count) {
    if (length > kMaxLeave) return -1;
    if (tcgetattr(fd, &guard_saved) != 0) return -1;
    memcpy(guard_leave, leave, length);
    guard_leave_length = length;
    guard_fd = fd;
    guard_count = 0;
    for (int i = 0; i < count && guard_count < kMaxFaults; i++) {
        struct sigaction current;
        if (sigaction(signals[i], NULL, &current) != 0) continue;
        if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) continue;
        struct sigaction action = {0};
        action.sa_sigaction = restore_then_crash;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        if (sigaction(signals[i], &action, &guard_previous[guard_count]) != 0) continue;
        guard_signals[guard_count++] = signals[i];
    }
    return 0;
}

void cc_crash_guard_disarm(void) {
    for (int i = 0; i < guard_count; i++) sigaction(guard_signals[i], &guard_previous[i], NULL);
    guard_count = 0;
    guard_fd = -1;
}
