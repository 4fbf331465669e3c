// A forward-only window onto a PNG for the decoder's source (png_inflate_source.c): in memory
// the window is the whole buffer; from a file it starts as the head the caller read and is then
// refilled with pread, PNG_WINDOW bytes at a time, so a large PNG never sits in memory whole.
#ifndef CC_PNG_FILE_WINDOW_H
#define CC_PNG_FILE_WINDOW_H

#include <stddef.h>
#include <stdint.h>

enum { PNG_WINDOW = 128 * 1024 };  // how much of a file is held at once (after the caller's head)

typedef struct {
    size_t len;            // the PNG's size (a file's as fstat gave it, shortened if it shrinks)
    const uint8_t *bytes;  // bytes [start, start + held) of the PNG
    size_t start, held;
    int fd;                // -1 for a PNG in memory
    uint8_t *buffer;       // the file's window once the head is used up (PNG_WINDOW bytes)
} cc_png_window;

/// A window over `len` bytes whose first `head_len` are at `head` (all of them in memory, when
/// `fd` is -1; else the rest is read from `fd` as it is needed).
void cc_png_window_init(cc_png_window *w, int fd, const uint8_t *head, size_t head_len, size_t len);

/// Makes the window hold the bytes from `pos` on, up to `want` of them (fewer only where `len`
/// ends), refilling it from the file; returns how many it holds from `pos`, or (size_t)-1 with
/// errno set when a read fails (ENOMEM when no buffer could be had). `pos` never goes back
/// before the window. A file that turns out shorter than `len` (it shrank after its size was
/// taken: truncated by another process while it is read) is from then on as long as it turned
/// out, so its end is met as in a file cut there.
size_t cc_png_window_fill(cc_png_window *w, size_t pos, size_t want);

/// The byte at offset `pos`, which the window holds.
static inline const uint8_t *cc_png_window_at(const cc_png_window *w, size_t pos) { return w->bytes + (pos - w->start); }

void cc_png_window_free(cc_png_window *w);

/// The most bytes a window held on this thread since a window was last made (tests of the bound).
size_t cc_png_window_peak(void);

#endif
