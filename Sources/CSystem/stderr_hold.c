// What stderr said while a screen held it (Platform's StandardErrorHold), kept where a crash's
// signal handler can reach it.
//
// While the screen is up, fd 2 is a pipe that a thread drains into memory, and the bytes are
// written out once the terminal is given back. A crash never gets there: the Swift runtime
// writes "Fatal error: …" on fd 2 and traps at once, and the drain thread, woken by that write,
// has often read it before the fault's handler runs (8 crashes in 12 here, and part of it in
// one more), so what is left in the pipe is not enough. The bytes therefore live at file scope, the only place a handler can reach, written
// by the one drain thread and published with an atomic count; the handler (crash_guard.c)
// puts the real stderr back on fd 2, which closes the pipe's only write end, waits a bounded
// time for the drain thread to read the rest and stop, and writes what was held. One hold at
// a time: fd 2 is one.
#define _GNU_SOURCE
#include "CSystem.h"
#include "signal_safe_write.h"
#include "stderr_hold_crash.h"
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// How long a crash waits for the drain thread to read the pipe to its end: it needs a few
// microseconds once scheduled; the bound is for a drain thread that cannot run any more.
enum { kCrashWaitSteps = 1000, kCrashWaitStepNanoseconds = 1000000 };

static char held[CC_STDERR_HOLD_LIMIT];
// The bytes of `held` that are whole: stored by the drain thread after its read (release),
// loaded by the handler and by cc_stderr_hold_write (acquire).
static atomic_size_t held_count;
static atomic_size_t held_dropped;
static atomic_int held_drained;
// The real stderr while held; -1 once given back (by cc_stderr_hold_claim or a crash).
static atomic_int held_saved = -1;
static atomic_int held_reader = -1;
static atomic_long drain_thread;

static long current_thread(void) { return syscall(SYS_gettid); }

void cc_stderr_hold_begin(int saved, int reader) {
    atomic_store(&held_count, 0);
    atomic_store(&held_dropped, 0);
    atomic_store(&held_drained, 0);
    atomic_store(&drain_thread, 0);
    atomic_store(&held_reader, reader);
    atomic_store(&held_saved, saved);
}

void cc_stderr_hold_drain(int reader) {
    atomic_store(&drain_thread, current_thread());
    char past_limit[4096];
    while (1) {
        size_t count = atomic_load_explicit(&held_count, memory_order_relaxed);
        char *into = count < CC_STDERR_HOLD_LIMIT ? held + count : past_limit;
        size_t room = count < CC_STDERR_HOLD_LIMIT ? CC_STDERR_HOLD_LIMIT - count : sizeof past_limit;
        ssize_t n = read(reader, into, room);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if (into == past_limit) atomic_fetch_add(&held_dropped, (size_t)n);
        else atomic_store_explicit(&held_count, count + (size_t)n, memory_order_release);
    }
    atomic_store(&held_drained, 1);
}

int cc_stderr_hold_claim(void) { return atomic_exchange(&held_saved, -1); }

// Async-signal-safe: the crash's handler writes with it too.
static void write_dropped(int fd) {
    size_t dropped = atomic_load(&held_dropped);
    if (dropped == 0) return;
    static const char before[] = "mediapick: ", after[] = " more bytes of messages left out\n";
    char digits[20];
    cc_signal_safe_write_all(fd, before, sizeof before - 1);
    cc_signal_safe_write_all(fd, digits, cc_signal_safe_decimal(digits, dropped));
    cc_signal_safe_write_all(fd, after, sizeof after - 1);
}

void cc_stderr_hold_write(int fd) {
    cc_signal_safe_write_all(fd, held, atomic_load_explicit(&held_count, memory_order_acquire));
    write_dropped(fd);
}

void cc_stderr_hold_give_back_on_crash(void) {
    int saved_errno = errno;
    int saved = atomic_exchange(&held_saved, -1);
    if (saved < 0) {
        errno = saved_errno;
        return;
    }
    // fd 2 was the pipe's only write end: the drain thread now reads what is left and sees
    // the end. And whatever writes on fd 2 from here on (the backtracer) reaches the user.
    dup2(saved, 2);
    // Unless the crash is the drain thread's own, it is alive: wait for it to finish.
    if (current_thread() != atomic_load(&drain_thread)) {
        struct timespec step = {0, kCrashWaitStepNanoseconds};
        for (int i = 0; i < kCrashWaitSteps && !atomic_load(&held_drained); i++) nanosleep(&step, NULL);
    }
    cc_signal_safe_write_all(saved, held, atomic_load_explicit(&held_count, memory_order_acquire));
    if (!atomic_load(&held_drained)) {
        // The drain thread stopped short: what it had not read is still in the pipe.
        int reader = atomic_load(&held_reader);
        fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK);
        char chunk[1024];
        while (1) {
            ssize_t n = read(reader, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            cc_signal_safe_write_all(saved, chunk, (size_t)n);
        }
    }
    write_dropped(saved);
    errno = saved_errno;
}
