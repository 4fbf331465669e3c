// Writing from a signal handler: async-signal-safe calls only (write), no stdio, no allocation.
// Shared by crash_guard.c and stderr_hold.c (private to CSystem).
#ifndef SIGNAL_SAFE_WRITE_H
#define SIGNAL_SAFE_WRITE_H

#include <stddef.h>

/// Writes all `length` bytes to `fd`, again after EINTR; gives up silently on an error.
void cc_signal_safe_write_all(int fd, const char *bytes, size_t length);

/// Writes `value` in decimal at `into` (room for 20 digits) and returns how many digits.
size_t cc_signal_safe_decimal(char *into, unsigned long value);

#endif
