// PNG decoding through libpng, the image data inflated by ISA-L (png_inflate_source.c):
// every colour type expanded to RGBA8 and streamed row by row into the reducer.
// Interlaced images need the whole image (Adam7 fills rows in seven passes), so they are
// read into one full-size buffer first, each pass's pixels filling their blocks (libpng's
// "rectangle" display rows), so that a file cut short shows the passes that came, coarse
// and then finer, as a browser shows an interlaced PNG still loading. From a file (cc_png_decode_file) the PNG is read
// through a 128 KB window, never whole; of the other formats GIF, WebP, HEIF, BMP and PNM
// are still read whole by the caller (JPEG is streamed too, jpeg_decode.c).
#include "png_inflate_source.h"
#include "isal_loader.h"
#include <stdlib.h>

static cc_status decode(cc_png_source *src, int target_w, int target_h, long pixel_limit,
                        cc_image *out, char *msg, size_t msglen);

cc_status cc_png_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                        cc_image *out, char *msg, size_t msglen) {
    out->width = out->height = 0;
    out->pixels = NULL;
    return decode(cc_png_source_new(data, len), target_w, target_h, pixel_limit, out, msg, msglen);
}

cc_status cc_png_decode_file(int fd, const uint8_t *head, size_t head_len, int target_w, int target_h,
                             long pixel_limit, cc_image *out, char *msg, size_t msglen) {
    out->width = out->height = 0;
    out->pixels = NULL;
    if (!cc_isal_api_get(msg, msglen)) return CC_NO_LIBRARY;
    cc_status status;
    cc_png_source *src = cc_png_source_open(fd, head, head_len, &status, msg, msglen);
    return src ? decode(src, target_w, target_h, pixel_limit, out, msg, msglen) : status;
}

cc_status cc_png_decode_file_of_size(int fd, const uint8_t *head, size_t head_len, size_t file_len, int target_w,
                                     int target_h, long pixel_limit, cc_image *out, char *msg, size_t msglen) {
    out->width = out->height = 0;
    out->pixels = NULL;
    return decode(cc_png_source_new_file(fd, head, head_len, file_len), target_w, target_h, pixel_limit, out, msg, msglen);
}

/// Decodes from `src` (NULL: out of memory), which it frees.
static cc_status decode(cc_png_source *source, int target_w, int target_h, long pixel_limit,
                        cc_image *out, char *msg, size_t msglen) {
    if (!cc_isal_api_get(msg, msglen)) {
        cc_png_source_free(source);
        return CC_NO_LIBRARY;
    }
    cc_png_error err = {{0}};
    cc_png_source *volatile src = source;
    if (!src) return CC_NO_MEMORY;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &err, cc_png_error_fn, cc_png_warning_fn);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); cc_png_source_free(src); return CC_NO_MEMORY; }
    cc_reducer *volatile reducer = NULL;
    uint8_t *volatile buffer = NULL;
    volatile png_uint_32 pushed = 0;  // rows handed to the reducer, or read into the buffer (interlaced)
    volatile int passes = 1;
    volatile png_uint_32 height = 0;
    volatile size_t stride = 0;
    if (setjmp(png_jmpbuf(png))) {
        cc_set_msg(msg, msglen, err.message);
        png_destroy_read_struct(&png, &info, NULL);
        cc_status status = cc_png_source_truncated(src) ? CC_TRUNCATED : CC_CORRUPT;
        // Cut short after some of its rows: they are handed out with the status (the rest
        // transparent, as a browser shows a PNG still loading), as the JPEG decoder hands out
        // a cut picture (cc_decoders.h). An interlaced one's buffer holds the passes so far,
        // each pixel filling its block, and the first pass's rows so far fill the blocks
        // below them (the rest is transparent).
        if (status == CC_TRUNCATED && pushed > 0) {
            if (passes > 1)
                for (png_uint_32 y = 0; y < height; y++) cc_reducer_push(reducer, buffer + stride * y);
            cc_reducer_finish(reducer, out);
        }
        cc_reducer_free(reducer);
        free(buffer);
        cc_png_source_free(src);
        return status;
    }
    cc_png_source_read_info(src, png, info);
    png_uint_32 sw = png_get_image_width(png, info), sh = png_get_image_height(png, info);
    if (cc_over_limit((long)sw, (long)sh, pixel_limit)) {
        out->width = (int)sw;
        out->height = (int)sh;
        png_destroy_read_struct(&png, &info, NULL);
        cc_png_source_free(src);
        return CC_TOO_LARGE;
    }
    passes = cc_png_expand_to_rgba(png, info);
    stride = (size_t)sw * 4;
    height = sh;

    int dw, dh;
    cc_cover_size((int)sw, (int)sh, target_w, target_h, &dw, &dh);
    reducer = cc_reducer_new((int)sw, (int)sh, dw, dh);
    buffer = passes > 1 ? calloc(sh, stride) : malloc(stride);
    if (!reducer || !buffer) png_error(png, "out of memory");
    if (passes > 1) {
        for (int p = 0; p < passes; p++)
            for (png_uint_32 y = 0; y < sh; y++) {
                png_read_row(png, NULL, buffer + stride * y);
                pushed = 1;  // the first row read holds the first pass's first pixels
            }
        for (png_uint_32 y = 0; y < sh; y++) cc_reducer_push(reducer, buffer + stride * y);
    } else {
        for (png_uint_32 y = 0; y < sh; y++) {
            png_read_row(png, buffer, NULL);
            cc_reducer_push(reducer, buffer);
            pushed = y + 1;
        }
    }
    // The image data is complete; trailing chunks are not needed.
    png_destroy_read_struct(&png, &info, NULL);
    cc_png_source_free(src);
    free(buffer);
    cc_reducer_finish(reducer, out);
    cc_reducer_free(reducer);
    return CC_OK;
}
