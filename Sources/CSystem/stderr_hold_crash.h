// The held stderr's part in a crash (stderr_hold.c), for crash_guard.c's handler (private to CSystem).
#ifndef STDERR_HOLD_CRASH_H
#define STDERR_HOLD_CRASH_H

/// From a fault's signal handler, once the terminal's mode is back: when stderr is held, puts
/// the real stderr back on fd 2 (so that what is written after, the backtracer's report, reaches
/// it), lets the drain thread read the pipe to its end (waiting at most a second), and writes
/// there what was held: the Swift runtime's "Fatal error: …" line among it. Async-signal-safe;
/// nothing when stderr is not held.
void cc_stderr_hold_give_back_on_crash(void);

#endif
