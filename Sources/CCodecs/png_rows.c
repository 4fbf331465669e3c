#include "png_rows.h"
#include "png_unfilter.h"
#include <stdlib.h>
#include <string.h>

void cc_png_rows_set_up(cc_png_rows *rows, png_structp png, size_t row_len, size_t bpp, uint32_t count) {
    rows->row_len = row_len;
    rows->bpp = bpp;
    rows->rows_left = count;
    rows->cur = malloc(row_len);
    rows->prev = calloc(row_len, 1);
    rows->next = malloc(row_len);
    if (!rows->cur || !rows->prev || !rows->next) png_error(png, "out of memory");
}

/// Unfilters the row just inflated into `cur`. A Paeth row followed by another Paeth row is
/// unfiltered together with it (the next row inflated ahead into `next`): two pixel chains at
/// once instead of one after the other. A stream that ends early is left to fail where the
/// row it lacks is needed, as without the look-ahead.
static void unfilter_row(cc_png_rows *r, png_structp png, cc_png_inflate_fn inflate, void *source) {
    size_t n = r->row_len - 1;
    if (r->cur[0] == 4 && r->rows_left >= 2 && cc_png_unfilter_pairs(n, r->bpp)) {
        if (r->next_fill < r->row_len)
            r->next_fill += inflate(source, png, r->next + r->next_fill, r->row_len - r->next_fill);
        if (r->next_fill == r->row_len && r->next[0] == 4) {
            cc_png_unfilter_two(r->cur + 1, r->next + 1, r->prev + 1, n, r->bpp, 4, 4);
            r->cur[0] = r->next[0] = 0;
            r->cur_ready = r->next_ready = 1;
            return;
        }
    }
    if (cc_png_unfilter(r->cur + 1, r->prev + 1, n, r->bpp, r->cur[0]) != 0)
        png_error(png, "bad adaptive filter value");
    r->cur[0] = 0;
    r->cur_ready = 1;
}

size_t cc_png_rows_stage(cc_png_rows *r, png_structp png, uint8_t *out, size_t max,
                         cc_png_inflate_fn inflate, void *source) {
    size_t n = 0;
    while (n < max && r->rows_left > 0) {
        if (!r->cur_ready) {
            if (r->row_fill < r->row_len) {
                size_t got = inflate(source, png, r->cur + r->row_fill, r->row_len - r->row_fill);
                if (got == 0) break;  // the data ends here: the caller says why
                r->row_fill += got;
                if (r->row_fill < r->row_len) continue;
            }
            unfilter_row(r, png, inflate, source);
        }
        size_t k = r->row_len - r->row_sent < max - n ? r->row_len - r->row_sent : max - n;
        memcpy(out + n, r->cur + r->row_sent, k);
        n += k;
        r->row_sent += k;
        if (r->row_sent == r->row_len) {  // cur becomes the row above; next (or a free buffer) the row
            uint8_t *free_row = r->prev;
            r->prev = r->cur;
            r->cur = r->next;
            r->row_fill = r->next_fill;
            r->cur_ready = r->next_ready;
            r->next = free_row;
            r->next_fill = 0;
            r->next_ready = 0;
            r->row_sent = 0;
            r->rows_left--;
        }
    }
    return n;
}

void cc_png_rows_free(cc_png_rows *rows) {
    free(rows->cur);
    free(rows->prev);
    free(rows->next);
    memset(rows, 0, sizeof *rows);
}
