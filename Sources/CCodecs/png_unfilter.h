// Reversing PNG's row filters (None, Sub, Up, Average, Paeth), for png_inflate_source.c:
// Debian's libpng is built without its SIMD filters, and its scalar Paeth branches on every
// byte, which noisy photographs mispredict (a third of a 12 MP decode).
#ifndef CC_PNG_UNFILTER_H
#define CC_PNG_UNFILTER_H

#include <stddef.h>
#include <stdint.h>

/// Reverses filter type `filter` on the `n` bytes of `row` in place; `prev` is the previous
/// row already reconstructed (zeros above the first), `bpp` the bytes per complete pixel
/// (at least 1). Returns 0, or -1 for a filter type PNG does not have.
int cc_png_unfilter(uint8_t *row, const uint8_t *prev, size_t n, size_t bpp, int filter);

/// True when two consecutive Paeth rows of `n` bytes and `bpp`-byte pixels are faster
/// reversed together (`cc_png_unfilter_two`) than one after the other.
int cc_png_unfilter_pairs(size_t n, size_t bpp);

/// Reverses the filters of two consecutive rows: `first` (`prev` above it) and `second`
/// (`first` above it). Returns 0, or -1 for a filter type PNG does not have.
int cc_png_unfilter_two(uint8_t *first, uint8_t *second, const uint8_t *prev, size_t n, size_t bpp,
                        int first_filter, int second_filter);

#endif
