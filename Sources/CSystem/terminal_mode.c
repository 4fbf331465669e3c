// A terminal mode given back by a signal handler, for TerminalProbe's short raw wait.
//
// State at file scope: a signal handler can reach nothing else. It is written only by
// cc_terminal_mode_arm/disarm (from one thread, before the handlers are installed and after
// they are removed) and read by the handler, which does only async-signal-safe things
// (tcsetattr, sigaction, raise).
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

int cc_terminal_mode_arm(int fd, const int *signals, int count) {
    if (tcgetattr(fd, &mode_saved) != 0) return -1;
    mode_fd = fd;
    armed_count = 0;
    for (int i = 0; i < count && armed_count < kMaxArmed; i++) {
        struct sigaction current;
        if (sigaction(signals[i], NULL, &current) != 0) continue;
        if ((current.sa_flags & SA_SIGINFO) || current.sa_handler != SIG_DFL) continue;
        struct sigaction action = {0};
        action.sa_handler = restore_then_default;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        if (sigaction(signals[i], &action, &armed_previous[armed_count]) != 0) continue;
        armed_signals[armed_count++] = signals[i];
    }
    return 0;
}

void cc_terminal_mode_disarm(void) {
    for (int i = 0; i < armed_count; i++) sigaction(armed_signals[i], &armed_previous[i], NULL);
    armed_count = 0;
    mode_fd = -1;
}
