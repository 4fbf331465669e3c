// See png_file_window.h.
#include "png_file_window.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static _Thread_local size_t peak_window;

void cc_png_window_init(cc_png_window *w, int fd, const uint8_t *head, size_t head_len, size_t len) {
    w->len = len;
    w->bytes = head;
    w->start = 0;
    w->held = head_len;
    w->fd = fd;
    w->buffer = NULL;
    peak_window = 0;
}

size_t cc_png_window_fill(cc_png_window *w, size_t pos, size_t want) {
    if (want > w->len - pos) want = w->len - pos;
    if (pos >= w->start && pos - w->start + want <= w->held) return w->start + w->held - pos;
    if (w->fd < 0) return 0;  // not reached: in memory the window is all of `len`
    if (!w->buffer && !(w->buffer = malloc(PNG_WINDOW))) {
        errno = ENOMEM;
        return (size_t)-1;
    }
    size_t kept = 0;  // the window's bytes from pos on, moved to the front
    if (pos >= w->start && pos < w->start + w->held) {
        kept = w->start + w->held - pos;
        memmove(w->buffer, w->bytes + (pos - w->start), kept);
    }
    w->bytes = w->buffer;
    w->start = pos;
    w->held = kept;
    size_t room = w->len - pos < PNG_WINDOW ? w->len - pos : PNG_WINDOW;
    while (w->held < room) {
        ssize_t n = pread(w->fd, w->buffer + w->held, room - w->held, (off_t)(pos + w->held));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return (size_t)-1;
        if (n == 0) {
            w->len = pos + w->held;
            break;
        }
        w->held += (size_t)n;
    }
    if (w->held > peak_window) peak_window = w->held;
    return w->held;
}

void cc_png_window_free(cc_png_window *w) { free(w->buffer); }

size_t cc_png_window_peak(void) { return peak_window; }
