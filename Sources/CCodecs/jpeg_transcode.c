// JPEG to JPEG for --export of pictures too large to hold decoded: libjpeg's decompressor
// hands a band of rows at a time to the sink (jpeg_sink.c), libjpeg's compressor writing to a
// file descriptor.
#include "jpeg_sink.h"
#include <stdlib.h>
#include <string.h>

static void release(j_decompress_ptr in, cc_jpeg_sink *sink, cc_jpeg_file_source *src, uint8_t *rows,
                    uint8_t *converted) {
    jpeg_destroy_decompress(in);
    cc_jpeg_sink_destroy(sink);
    free(src->chunk);
    free(rows);
    free(converted);
}

cc_status cc_jpeg_transcode_file(int fd, const uint8_t *head, size_t head_len, int out_fd, int quality,
                                 int orientation, long pixel_limit, cc_abandon_fn abandon, void *abandon_context,
                                 int *width, int *height, int *write_errno, char *msg, size_t msglen) {
    struct jpeg_decompress_struct in;
    cc_jpeg_error err;
    cc_jpeg_scan_guard guard;
    cc_jpeg_file_source src;
    cc_jpeg_sink sink;
    // volatile: these change after setjmp and are read after a longjmp.
    uint8_t *volatile rows = NULL;
    uint8_t *volatile converted = NULL;
    *width = *height = 0;
    *write_errno = 0;
    memset(&in, 0, sizeof in);
    memset(&src, 0, sizeof src);
    src.fd = fd;
    src.head = head;
    src.head_len = head_len;
    src.chunk = malloc(CC_JPEG_FILE_CHUNK);
    if (!cc_jpeg_sink_init(&sink, out_fd, abandon, abandon_context) || !src.chunk) {
        cc_jpeg_sink_destroy(&sink);
        free(src.chunk);
        cc_set_msg(msg, msglen, "out of memory");
        return CC_NO_MEMORY;
    }
    // One error manager for both objects: whichever fails jumps back here.
    in.err = cc_jpeg_error_init(&err);
    if (setjmp(err.jump)) {
        cc_status status = cc_jpeg_error_status(&err);
        cc_set_msg(msg, msglen, err.message);
        if (src.read_errno && status == CC_TRUNCATED) snprintf(msg, msglen, "read error: %s", strerror(src.read_errno));
        *write_errno = cc_jpeg_sink_write_errno(&sink);
        release(&in, &sink, &src, rows, converted);
        return status;
    }
    jpeg_create_decompress(&in);
    cc_jpeg_guard_scans(&in, &guard, &err);
    cc_jpeg_file_src(&in, &src);
    int header = jpeg_read_header(&in, TRUE);
    if (err.premature_end) {
        snprintf(err.message, sizeof err.message, "Premature end of JPEG file");
        longjmp(err.jump, 1);
    }
    if (header != JPEG_HEADER_OK) {
        snprintf(err.message, sizeof err.message, "no image in the JPEG data");
        longjmp(err.jump, 1);
    }
    *width = (int)in.image_width;
    *height = (int)in.image_height;
    int cmyk = in.jpeg_color_space == JCS_CMYK || in.jpeg_color_space == JCS_YCCK;
    in.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    // The one whole-image cost left: the coefficients of a file in several scans (progressive,
    // or a scan per component), held to the same bound as the decoder's (the RGBA buffer of
    // `pixel_limit` pixels).
    if (pixel_limit > 0 && cc_jpeg_coefficient_bytes(&in) > 4.0 * (double)pixel_limit) {
        release(&in, &sink, &src, NULL, NULL);
        return CC_TOO_LARGE;
    }
    jpeg_start_decompress(&in);
    cc_jpeg_sink_start(&sink, &err, (int)in.output_width, (int)in.output_height, JCS_EXT_RGBX, 4, quality,
                       orientation);

    int batch = in.rec_outbuf_height > 0 ? in.rec_outbuf_height : 1;
    if (batch > 16) batch = 16;
    size_t stride = (size_t)in.output_width * 4;
    rows = malloc(stride * (size_t)batch);
    if (cmyk) converted = malloc(stride * (size_t)batch);
    if (!rows || (cmyk && !converted)) {
        snprintf(err.message, sizeof err.message, "Insufficient memory");
        longjmp(err.jump, 1);
    }
    JSAMPROW pointers[16], rgb[16];
    for (int i = 0; i < batch; i++) {
        pointers[i] = rows + stride * (size_t)i;
        rgb[i] = cmyk ? converted + stride * (size_t)i : pointers[i];
    }
    // Data that ends before the picture does ends the copy: the file's end, or any marker
    // where a scan's data was due. libjpeg decodes zeros for what is missing: to the last row
    // (a 154-byte file whose header said 22528x16408 kept the fuzzer's transcode busy for over
    // 10 s; one saying 65500x65500 made a 4-gigapixel grey copy), and, for a restart marker,
    // to the end of its interval, or of the scan in a file without restart intervals (a
    // 248-byte one saying 65048x11965 with RST7 markers in its data, found next by the fuzzer).
    while (in.output_scanline < in.output_height) {
        JDIMENSION got = jpeg_read_scanlines(&in, pointers, (JDIMENSION)batch);
        if (got == 0 || err.marker_in_data) break;
        // A file in one scan meets its end while decoding its last row of blocks, before the
        // rows are handed over: missing data would show as a marker where data was due.
        if (err.premature_end && jpeg_has_multiple_scans(&in) && !cc_jpeg_whole_without_end(&in, &err)) break;
        if (cmyk) {
            for (JDIMENSION i = 0; i < got; i++) cc_jpeg_cmyk_to_rgba(pointers[i], rgb[i], (int)in.output_width);
        }
        if (cc_jpeg_sink_write(&sink, rgb, got)) {
            release(&in, &sink, &src, rows, converted);
            return CC_ABANDONED;
        }
    }
    // Asked before finishing, which ends the object's state; an end met only while finishing
    // comes after every row of a file in one scan. Either way only the end marker is missing.
    if (err.premature_end && cc_jpeg_whole_without_end(&in, &err)) err.premature_end = 0;
    else if (!err.premature_end && !err.marker_in_data) {
        jpeg_finish_decompress(&in);
        err.premature_end = 0;
    }
    if (err.premature_end || err.marker_in_data == JPEG_EOI) {
        // Half a picture is not a copy of it.
        snprintf(err.message, sizeof err.message, err.premature_end ? "Premature end of JPEG file"
                 : "the image data ends before the picture does (its end marker where data was due)");
        err.premature_end = 1;
        longjmp(err.jump, 1);
    }
    if (err.marker_in_data) {
        // Nor is a picture with a part of it missing (grey where libjpeg found no data).
        snprintf(err.message, sizeof err.message, "part of the image data is missing (marker 0x%02X where data was due)",
                 err.marker_in_data & 0xFF);
        longjmp(err.jump, 1);
    }
    cc_jpeg_sink_finish(&sink);
    release(&in, &sink, &src, rows, converted);
    return CC_OK;
}
