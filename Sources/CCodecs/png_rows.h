// The rows of a PNG that is not interlaced, unfiltered as they are inflated, for
// png_inflate_source.c, which hands them on to libpng with filter type None.
#ifndef CC_PNG_ROWS_H
#define CC_PNG_ROWS_H

#include "png_common.h"

/// Inflates into `out` until `room` bytes are there or the image data ends; the bytes
/// written (0 once it has ended, or the file has: the source knows which). Errors go through
/// libpng's `png_error`.
typedef size_t (*cc_png_inflate_fn)(void *source, png_structp png, uint8_t *out, size_t room);

/// Three row buffers (filter byte + row): the row being handed on, the one above it (zeros
/// above the first), and the next, inflated ahead to unfilter two Paeth rows at once.
typedef struct {
    uint8_t *cur, *prev, *next;
    size_t row_len, bpp;        // 1 + bytes per row; bytes per complete pixel (at least 1)
    size_t row_fill, row_sent;  // bytes of cur inflated; bytes of cur staged
    size_t next_fill;           // bytes of next inflated
    int cur_ready, next_ready;  // unfiltered already
    uint32_t rows_left;
} cc_png_rows;

/// Allocates the buffers for `count` rows of `row_len` bytes and `bpp`-byte pixels (errors
/// through `png_error`). `rows` starts zeroed.
void cc_png_rows_set_up(cc_png_rows *rows, png_structp png, size_t row_len, size_t bpp, uint32_t count);

/// Stages up to `max` bytes of unfiltered rows (filter byte 0) into `out`, inflating with
/// `inflate` as needed; the bytes staged, whole rows and the start of the next. Fewer than
/// `max` with rows left means the data stopped: the caller tells a cut file from damage.
size_t cc_png_rows_stage(cc_png_rows *rows, png_structp png, uint8_t *out, size_t max,
                         cc_png_inflate_fn inflate, void *source);

/// Frees the buffers.
void cc_png_rows_free(cc_png_rows *rows);

#endif
