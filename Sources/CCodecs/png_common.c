#include "png_common.h"

void cc_png_error_fn(png_structp png, png_const_charp text) {
    cc_png_error *err = png_get_error_ptr(png);
    snprintf(err->message, sizeof err->message, "%s", text);
    png_longjmp(png, 1);
}

void cc_png_warning_fn(png_structp png, png_const_charp text) { (void)png; (void)text; }

int cc_png_expand_to_rgba(png_structp png, png_infop info) {
    png_uint_32 width, height;
    int depth, color;
    png_get_IHDR(png, info, &width, &height, &depth, &color, NULL, NULL, NULL);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
#ifdef PNG_READ_SCALE_16_TO_8_SUPPORTED
    if (depth == 16) png_set_scale_16(png);  // rounds, where strip_16 would truncate
#else
    if (depth == 16) png_set_strip_16(png);
#endif
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row layout after expansion");
    return passes;
}
