// See signal_safe_write.h.
#include "signal_safe_write.h"
#include <errno.h>
#include <unistd.h>

void cc_signal_safe_write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        bytes += written;
        length -= (size_t)written;
    }
}

size_t cc_signal_safe_decimal(char *into, unsigned long value) {
    char reversed[20];
    size_t count = 0;
    do {
        reversed[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0 && count < sizeof reversed);
    for (size_t i = 0; i < count; i++) into[i] = reversed[count - 1 - i];
    return count;
}
