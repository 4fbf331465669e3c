// PNG decoding through libpng, the image data inflated by ISA-L (png_inflate_source.c):
// every colour type expanded to RGBA8 and streamed row by row into the reducer.
// Interlaced images need the whole image (Adam7 fills rows in seven passes), so they are
// read into one full-size buffer first. From a file (cc_png_decode_file) the PNG is read
// through a 128 KB window, never whole; of the other formats GIF, WebP, HEIF, BMP and PNM
// are still read whole by the caller (JPEG is streamed too, jpeg_decode.c).
#include "png_inflate_source.h"
#include "isal_loader.h"
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

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
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(msg, msglen, "read error: %s", strerror(errno));
        return CC_TRUNCATED;
    }
    size_t len = st.st_size > 0 ? (size_t)st.st_size : 0;
    return decode(cc_png_source_new_file(fd, head, head_len, len), target_w, target_h, pixel_limit,
                  out, msg, msglen);
}

/// Decodes from `src` (NULL: out of memory), which it frees.
static cc_status decode(cc_png_source *source, int target_w, int target_h, long pixel_limit,
                        cc_image *out, char *msg, size_t msglen) {
    if (!cc_isal_api_get(msg, msglen)) {
        cc_png_source_free(source);
        return CC_UNSUPPORTED;
    }
    cc_png_error err = {{0}};
    cc_png_source *volatile src = source;
    if (!src) return CC_NO_MEMORY;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &err, cc_png_error_fn, cc_png_warning_fn);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); cc_png_source_free(src); return CC_NO_MEMORY; }
    cc_reducer *volatile reducer = NULL;
    uint8_t *volatile buffer = NULL;
    if (setjmp(png_jmpbuf(png))) {
        cc_set_msg(msg, msglen, err.message);
        png_destroy_read_struct(&png, &info, NULL);
        cc_reducer_free(reducer);
        free(buffer);
        cc_status status = cc_png_source_truncated(src) ? CC_TRUNCATED : CC_CORRUPT;
        cc_png_source_free(src);
        return status;
    }
    cc_png_source_attach(src, png);
    // Checksums cost about 5% of a large decode and a thumbnail of slightly damaged data
    // beats an error: CRCs of critical chunks and the zlib Adler-32 are not verified (the
    // source's re-wrapped image data has neither).
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_WARN_DISCARD);
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    png_read_info(png, info);
    png_uint_32 sw, sh;
    int depth, color, interlace;
    png_get_IHDR(png, info, &sw, &sh, &depth, &color, &interlace, NULL, NULL);
    if (cc_over_limit((long)sw, (long)sh, pixel_limit)) {
        out->width = (int)sw;
        out->height = (int)sh;
        png_destroy_read_struct(&png, &info, NULL);
        cc_png_source_free(src);
        return CC_TOO_LARGE;
    }
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
    size_t stride = png_get_rowbytes(png, info);
    if (stride != (size_t)sw * 4) png_error(png, "unexpected row layout after expansion");

    int dw, dh;
    cc_cover_size((int)sw, (int)sh, target_w, target_h, &dw, &dh);
    reducer = cc_reducer_new((int)sw, (int)sh, dw, dh);
    buffer = passes > 1 ? calloc(sh, stride) : malloc(stride);
    if (!reducer || !buffer) png_error(png, "out of memory");
    if (passes > 1) {
        for (int p = 0; p < passes; p++)
            for (png_uint_32 y = 0; y < sh; y++) png_read_row(png, buffer + stride * y, NULL);
        for (png_uint_32 y = 0; y < sh; y++) cc_reducer_push(reducer, buffer + stride * y);
    } else {
        for (png_uint_32 y = 0; y < sh; y++) {
            png_read_row(png, buffer, NULL);
            cc_reducer_push(reducer, buffer);
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
