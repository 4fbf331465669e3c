// A terminal mode given back by a signal handler, for TerminalProbe's short raw wait.
//
// State at file scope: a signal handler can reach nothing else. It is written only by
// cc_terminal_mode_arm/disarm (from one thread, before the handlers are installed and after
// they are removed) and read by the handlers, which do only async-signal-safe things
// (tcgetattr, tcsetattr, sigaction, raise, and cc_stop_job's sigaction, pthread_sigmask, kill).
#define _GNU_SOURCE
#include "CSystem.h"
#include <errno.h>
#include <signal.h>
#include <termios.h>

enum { kMaxArmed = 32 };

static volatile sig_atomic_t mode_fd = -1;
static struct termios mode_saved;
static int armed_signals[kMaxArmed];
static struct sigaction armed_previous[kMaxArmed];
static int armed_count;

static void restore_then_default(int signo) {
    int saved_errno = errno;
    if (mode_fd >= 0) tcsetattr(mode_fd, TCSANOW, &mode_saved);
    struct sigaction fallback = {0};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signo, &fallback, NULL);
    // Blocked while this handler runs: delivered, with its default action, on return.
    raise(signo);
    errno = saved_errno;
}

// Ctrl-Z while the mode is changed: its default action stopped the program with the mode
// as it was, and the shell got a terminal without echo or line editing (dash then read an
// end of file and left). Now the shell gets the mode it had, the job stops (the whole process
// group, as the tty stops it: `mediapick thumb x | cat`), and on `fg` the mode found here is
// set again, so the wait goes on as before the stop.
static void restore_stop_resume(int signo) {
    int saved_errno = errno;
    struct termios current;
    int changed = mode_fd >= 0 && tcgetattr(mode_fd, &current) == 0;
    if (changed) tcsetattr(mode_fd, TCSANOW, &mode_saved);
    cc_stop_job(signo);
    // Continued in the background, this stops with SIGTTOU until `fg`, then goes on.
    if (changed) tcsetattr(mode_fd, TCSANOW, &current);
    errno = saved_errno;
}

static void arm(int signo, void (*handler)(int)) {
    if (armed_count >= kMaxArmed) return;
    struct sigaction current;
    if (sigaction(signo, NULL, &current) != 0) return;
    if ((current.sa_flags & SA_SIGINFO) || current.sa_handler != SIG_DFL) return;
    struct sigaction action = {0};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(signo, &action, &armed_previous[armed_count]) != 0) return;
    armed_signals[armed_count++] = signo;
}

int cc_terminal_mode_arm(int fd, const int *signals, int count) {
    if (tcgetattr(fd, &mode_saved) != 0) return -1;
    mode_fd = fd;
    armed_count = 0;
    for (int i = 0; i < count; i++) arm(signals[i], restore_then_default);
    // Ignored (no job control where it was started): nothing to do, as for the others.
    arm(SIGTSTP, restore_stop_resume);
    return 0;
}

void cc_terminal_mode_disarm(void) {
    for (int i = 0; i < armed_count; i++) sigaction(armed_signals[i], &armed_previous[i], NULL);
    armed_count = 0;
    mode_fd = -1;
}
