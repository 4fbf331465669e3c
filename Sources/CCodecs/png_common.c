#include "png_common.h"

void cc_png_error_fn(png_structp png, png_const_charp text) {
    cc_png_error *err = png_get_error_ptr(png);
    snprintf(err->message, sizeof err->message, "%s", text);
    png_longjmp(png, 1);
}

void cc_png_warning_fn(png_structp png, png_const_charp text) { (void)png; (void)text; }
