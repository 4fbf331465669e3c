// Streaming reduction of RGBA rows to a smaller size, averaging sRGB values.
#ifndef CC_REDUCE_H
#define CC_REDUCE_H

#include <stdint.h>

/// The size an image of `sw`x`sh` is reduced to so that it still covers the target
/// (`tw`x`th`, either may be 0 = unconstrained), keeping the aspect ratio and never enlarging.
void cc_cover_size(int sw, int sh, int tw, int th, int *dw, int *dh);

/// A box filter of sRGB values fed one source row at a time, each source pixel weighted by
/// the area it shares with each output pixel: memory is one output image plus three rows
/// of sums (floats) of the source's width, whatever the source's height.
typedef struct cc_reducer cc_reducer;

/// Creates a reducer from `sw`x`sh` to `dw`x`dh` (dw <= sw, dh <= sh); NULL when out of memory.
cc_reducer *cc_reducer_new(int sw, int sh, int dw, int dh);

/// Adds the next source row (`sw` RGBA pixels), top to bottom. Rows past `sh` are ignored.
void cc_reducer_push(cc_reducer *r, const uint8_t *rgba);

/// Finishes (rows never pushed stay transparent) and hands the output image to `out`.
void cc_reducer_finish(cc_reducer *r, cc_image *out);

/// Frees a reducer (after finish, or to abandon it).
void cc_reducer_free(cc_reducer *r);

#endif
