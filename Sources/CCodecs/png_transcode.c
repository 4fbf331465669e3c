// PNG to JPEG for --export of pictures too large to hold decoded: libpng gives one row at a
// time (the image data inflated and unfiltered by png_inflate_source.c, expanded to RGBA8 as the
// decoder does), composed over white as the export's encoder does, into the sink
// (jpeg_sink.c) that the JPEG transcode writes through too. Memory is a few rows, the source's
// window and libjpeg's band, whatever the picture's size.
//
// Two libraries, two error paths: libpng longjmps to its own jump buffer, libjpeg (the
// compressor, its writes among them) to the cc_jpeg_error's; both are set in this one frame.
#include "jpeg_sink.h"
#include "png_inflate_source.h"
#include "isal_loader.h"
#include <stdlib.h>

static void release(png_structp png, png_infop info, cc_png_source *src, cc_jpeg_sink *sink, uint8_t *rgba,
                    uint8_t *rgb) {
    png_destroy_read_struct(&png, &info, NULL);
    cc_png_source_free(src);
    cc_jpeg_sink_destroy(sink);
    free(rgba);
    free(rgb);
}

cc_status cc_png_transcode_file(int fd, const uint8_t *head, size_t head_len, int out_fd, int quality,
                                int orientation, cc_abandon_fn abandon, void *abandon_context,
                                int *width, int *height, int *write_errno, char *msg, size_t msglen) {
    *width = *height = 0;
    *write_errno = 0;
    if (!cc_isal_api_get(msg, msglen)) return CC_NO_LIBRARY;
    cc_status status;
    cc_png_source *src = cc_png_source_open(fd, head, head_len, &status, msg, msglen);
    if (!src) {
        if (status == CC_NO_MEMORY) cc_set_msg(msg, msglen, "out of memory");
        return status;
    }
    cc_png_error png_err = {{0}};
    cc_jpeg_error jpeg_err;
    cc_jpeg_sink sink;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &png_err, cc_png_error_fn, cc_png_warning_fn);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    int sink_ready = cc_jpeg_sink_init(&sink, out_fd, abandon, abandon_context);
    if (!info || !sink_ready) {
        release(png, info, src, &sink, NULL, NULL);
        cc_set_msg(msg, msglen, "out of memory");
        return CC_NO_MEMORY;
    }
    // volatile: these change after setjmp and are read after a longjmp.
    uint8_t *volatile rgba = NULL;
    uint8_t *volatile rgb = NULL;
    cc_jpeg_error_init(&jpeg_err);
    if (setjmp(jpeg_err.jump)) {
        cc_set_msg(msg, msglen, jpeg_err.message);
        *write_errno = cc_jpeg_sink_write_errno(&sink);
        release(png, info, src, &sink, rgba, rgb);
        return strstr(jpeg_err.message, "Insufficient memory") ? CC_NO_MEMORY : CC_CORRUPT;
    }
    if (setjmp(png_jmpbuf(png))) {
        cc_set_msg(msg, msglen, png_err.message);
        status = cc_png_source_truncated(src) ? CC_TRUNCATED : CC_CORRUPT;
        release(png, info, src, &sink, rgba, rgb);
        return status;
    }
    cc_png_source_read_info(src, png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    *width = (int)w;
    *height = (int)h;
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
        release(png, info, src, &sink, NULL, NULL);
        cc_set_msg(msg, msglen, "an interlaced (Adam7) PNG cannot be read a band of rows at a time");
        return CC_UNSUPPORTED;
    }
    if (w > CC_JPEG_MAX_SIDE || h > CC_JPEG_MAX_SIDE) {
        release(png, info, src, &sink, NULL, NULL);
        cc_set_msg(msg, msglen, CC_JPEG_SIDE_MESSAGE);
        return CC_UNSUPPORTED;
    }
    cc_png_expand_to_rgba(png, info);
    cc_jpeg_sink_start(&sink, &jpeg_err, (int)w, (int)h, JCS_RGB, 3, quality, orientation);
    rgba = malloc((size_t)w * 4);
    rgb = malloc((size_t)w * 3);
    if (!rgba || !rgb) png_error(png, "out of memory");
    JSAMPROW row[1] = {rgb};
    for (png_uint_32 y = 0; y < h; y++) {
        png_read_row(png, rgba, NULL);
        cc_rgba_over_white(rgba, rgb, (int)w);
        if (cc_jpeg_sink_write(&sink, row, 1)) {
            release(png, info, src, &sink, rgba, rgb);
            return CC_ABANDONED;
        }
    }
    // The image data is complete; trailing chunks are not needed (as in the decoder).
    cc_jpeg_sink_finish(&sink);
    release(png, info, src, &sink, rgba, rgb);
    return CC_OK;
}
