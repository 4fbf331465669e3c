// libpng error handling shared by the PNG decoder and encoder: errors copy the
// message and longjmp to the operation's setjmp; warnings are dropped.
#ifndef CC_PNG_COMMON_H
#define CC_PNG_COMMON_H

#include "cc_internal.h"
#include <png.h>
#include <setjmp.h>

/// Where libpng's error message lands (the error pointer given to png_create_*_struct).
typedef struct {
    char message[200];
} cc_png_error;

void cc_png_error_fn(png_structp png, png_const_charp text);
void cc_png_warning_fn(png_structp png, png_const_charp text);

/// After png_read_info: sets libpng up to give every row as RGBA8 (palette and grey expanded,
/// tRNS as alpha, 16 bits rounded to 8, opaque alpha added), the one way the decoder and the
/// export's transcoder read pixels, so both give the same ones. Returns the passes (7 for an
/// interlaced image, else 1); errors through png_error.
int cc_png_expand_to_rgba(png_structp png, png_infop info);

#endif
