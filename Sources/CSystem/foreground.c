// Waiting to be the terminal's foreground job, as a job-control program does (the GNU C
// Library manual's "Initializing the Shell"): a program started in the background (`cmd &`,
// or under timeout(1), which runs its command in a process group of its own) stops with
// SIGTTIN until `fg` brings it forward, instead of drawing over the shell and never
// receiving a key.
#define _GNU_SOURCE
#include "CSystem.h"
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

int cc_is_foreground(int fd) {
    pid_t owner = tcgetpgrp(fd);
    // Not a controlling terminal: nothing to wait for here; opening it later says what is wrong.
    return owner < 0 || owner == getpgrp();
}

int cc_sigttin_stops(void) {
    struct sigaction current;
    // Ignored (nohup-like parents), SIGTTIN would never stop this process.
    return sigaction(SIGTTIN, NULL, &current) == 0 && current.sa_handler != SIG_IGN;
}

int cc_wait_for_foreground(int fd) {
    if (!cc_sigttin_stops()) return -1;
    // The kernel discards SIGTTIN sent to an orphaned process group, so the stop may never
    // come: give up after a second of signals that stopped nothing (a stop, however long, is
    // one turn of the loop).
    for (int turn = 0; turn < 100; turn++) {
        if (cc_is_foreground(fd)) return 0;
        kill(-getpgrp(), SIGTTIN);
        struct timespec pause = { .tv_sec = 0, .tv_nsec = 10 * 1000 * 1000 };
        nanosleep(&pause, NULL);
    }
    return cc_is_foreground(fd) ? 0 : -1;
}

void cc_stop_job(int signo) {
    // The stop must happen in this thread, before the disposition is put back. A signal sent
    // to the process group goes to any thread of this process that does not block it: a
    // sleeping worker woken to take it may run only after the handler is back, which then
    // records a Ctrl-Z instead of stopping (the run loop suspended again and again and the
    // shell never saw the job stop). So this process ignores the group's signal, which then
    // stops only the rest of the pipeline, and stops itself with one sent to this thread,
    // taken on the way out of raise(): the whole process stops there, and is continued
    // by `fg` (SIGCONT discards any stop signal still pending).
    struct sigaction ignore = {0}, fallback = {0}, previous_action;
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(signo, &ignore, &previous_action);
    kill(0, signo);
    // A blocked signal is never discarded as ignored when it is sent (in a handler of it,
    // here it is blocked): setting SIG_IGN again discards it where it waits, or it would stop
    // the process a second time right after `fg` continued it.
    sigaction(signo, &ignore, NULL);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signo, &fallback, NULL);
    sigset_t stop, previous_mask;
    sigemptyset(&stop);
    sigaddset(&stop, signo);
    // Blocked in a handler of it: unblocked, the stop happens before raise returns.
    pthread_sigmask(SIG_UNBLOCK, &stop, &previous_mask);
    raise(signo);
    pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
    sigaction(signo, &previous_action, NULL);
}
