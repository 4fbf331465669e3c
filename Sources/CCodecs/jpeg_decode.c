// JPEG decoding with DCT scaling straight into the linear-light reducer.
#include "jpeg_common.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static cc_status decode(const uint8_t *data, size_t len, cc_jpeg_file_source *file, int target_w, int target_h,
                        long pixel_limit, cc_image *out, char *msg, size_t msglen);

// True once every component has its DC coefficients (at least their first, most
// significant bits: a later refinement scan adds only the low Al bits, a difference of at
// most (2^Al - 1) quantisation steps of the block's mean, about one grey level).
static int dc_arrived(j_decompress_ptr cinfo) {
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        if (cinfo->coef_bits[ci][0] < 0) return 0;
    }
    return 1;
}

// Buffered-image mode (libjpeg.txt, "Buffered-image mode"): absorbs whole scans until the
// DC of every component has arrived, then starts an output pass of what has been read.
static void read_dc_scans(j_decompress_ptr cinfo) {
    for (;;) {
        int r = jpeg_consume_input(cinfo);
        if (r == JPEG_REACHED_EOI || r == JPEG_SUSPENDED) break;
        if (r == JPEG_SCAN_COMPLETED && dc_arrived(cinfo)) break;
    }
    jpeg_start_output(cinfo, cinfo->input_scan_number);
}

cc_status cc_jpeg_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                         cc_image *out, char *msg, size_t msglen) {
    return decode(data, len, NULL, target_w, target_h, pixel_limit, out, msg, msglen);
}

cc_status cc_jpeg_decode_file(int fd, const uint8_t *head, size_t head_len, int target_w, int target_h,
                              long pixel_limit, cc_image *out, char *msg, size_t msglen) {
    cc_jpeg_file_source src;
    memset(&src, 0, sizeof src);
    src.fd = fd;
    src.head = head;
    src.head_len = head_len;
    src.chunk = malloc(CC_JPEG_FILE_CHUNK);
    if (!src.chunk) {
        out->width = out->height = 0;
        out->pixels = NULL;
        cc_set_msg(msg, msglen, "out of memory");
        return CC_NO_MEMORY;
    }
    cc_status status = decode(NULL, 0, &src, target_w, target_h, pixel_limit, out, msg, msglen);
    free(src.chunk);
    if (src.read_errno && status == CC_TRUNCATED) {
        // A file that could not be read is not a file cut short: no partial picture of it.
        cc_image_free(out);
        snprintf(msg, msglen, "read error: %s", strerror(src.read_errno));
    }
    return status;
}


static cc_status decode(const uint8_t *data, size_t len, cc_jpeg_file_source *file, int target_w, int target_h,
                        long pixel_limit, cc_image *out, char *msg, size_t msglen) {
    struct jpeg_decompress_struct cinfo;
    cc_jpeg_error err;
    cc_jpeg_scan_guard guard;
    // volatile: these change after setjmp and are read after a longjmp.
    cc_reducer *volatile reducer = NULL;
    uint8_t *volatile rows = NULL;
    uint8_t *volatile converted = NULL;
    out->width = out->height = 0;
    out->pixels = NULL;
    memset(&cinfo, 0, sizeof cinfo);

    cinfo.err = cc_jpeg_error_init(&err);
    if (setjmp(err.jump)) {
        cc_status status = cc_jpeg_error_status(&err);
        cc_set_msg(msg, msglen, err.message);
        jpeg_destroy_decompress(&cinfo);
        cc_reducer_free(reducer);
        free(rows);
        free(converted);
        return status;
    }
    jpeg_create_decompress(&cinfo);
    cc_jpeg_guard_scans(&cinfo, &guard, &err);
    if (file) {
        cc_jpeg_file_src(&cinfo, file);
    } else {
        if (len > (size_t)0xffffffffUL) len = 0xffffffffUL;
        jpeg_mem_src(&cinfo, data, (unsigned long)len);
    }
    if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) {
        cc_set_msg(msg, msglen, "no image in the JPEG data");
        jpeg_destroy_decompress(&cinfo);
        return CC_CORRUPT;
    }
    if (err.premature_end) {
        cc_set_msg(msg, msglen, "Premature end of JPEG file");
        jpeg_destroy_decompress(&cinfo);
        return CC_TRUNCATED;
    }
    int sw = (int)cinfo.image_width, sh = (int)cinfo.image_height;
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;

    int dw, dh;
    cc_cover_size(sw, sh, target_w, target_h, &dw, &dh);
    int m = cc_scale_eighths(sw, sh, dw, dh);
    cinfo.scale_num = (unsigned)m;
    cinfo.scale_denom = 8;
    if (m < 8) {
        // The reducer averages afterwards, so the cheaper IDCT and upsampling cost nothing visible.
        cinfo.dct_method = JDCT_IFAST;
        cinfo.do_fancy_upsampling = FALSE;
        cinfo.do_block_smoothing = FALSE;
    }
    // At 1/8 scale each 8x8 block becomes one pixel, its DC coefficient: in a progressive
    // file the DC scans come first, so the rest of the file (the AC scans, most of its
    // bytes) need not be decoded at all.
    int dc_only = m == 1 && cinfo.progressive_mode;
    // The limit is on what this decode costs, not on the file's pixels: the pixels produced at
    // the scale chosen (a 102 MP photograph read at 1/8 is 1.6 MP), and the coefficients a
    // file in several scans keeps for the whole image (2 bytes each), held to the RGBA buffer of
    // `pixel_limit` pixels. A baseline file is decoded a row of blocks at a time.
    jpeg_calc_output_dimensions(&cinfo);
    if (cc_over_limit((long)cinfo.output_width, (long)cinfo.output_height, pixel_limit) ||
        (pixel_limit > 0 && cc_jpeg_coefficient_bytes(&cinfo) > 4.0 * (double)pixel_limit)) {
        out->width = sw;
        out->height = sh;
        jpeg_destroy_decompress(&cinfo);
        return CC_TOO_LARGE;
    }
    if (dc_only) cinfo.buffered_image = TRUE;
    jpeg_start_decompress(&cinfo);
    if (dc_only) read_dc_scans(&cinfo);
    int ow = (int)cinfo.output_width, oh = (int)cinfo.output_height;
    if (dw > ow) dw = ow;
    if (dh > oh) dh = oh;
    reducer = cc_reducer_new(ow, oh, dw, dh);
    int batch = cinfo.rec_outbuf_height > 0 ? cinfo.rec_outbuf_height : 1;
    size_t stride = (size_t)ow * 4;
    rows = malloc(stride * (size_t)batch);
    if (cmyk) converted = malloc(stride);
    if (!reducer || !rows || (cmyk && !converted)) {
        cc_set_msg(msg, msglen, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        cc_reducer_free(reducer);
        free(rows);
        free(converted);
        return CC_NO_MEMORY;
    }
    JSAMPROW pointers[16];
    if (batch > 16) batch = 16;
    for (int i = 0; i < batch; i++) pointers[i] = rows + stride * (size_t)i;
    while (cinfo.output_scanline < cinfo.output_height) {
        JDIMENSION got = jpeg_read_scanlines(&cinfo, pointers, (JDIMENSION)batch);
        if (got == 0) break;
        for (JDIMENSION i = 0; i < got; i++) {
            if (cmyk) {
                cc_jpeg_cmyk_to_rgba(pointers[i], converted, ow);
                cc_reducer_push(reducer, converted);
            } else {
                cc_reducer_push(reducer, pointers[i]);
            }
        }
    }
    // Asked before finishing, which ends the object's state. An end met only while finishing
    // comes after every row of a file in one scan: its end marker is all that is missing.
    int premature = err.premature_end && !cc_jpeg_whole_without_end(&cinfo, &err);
    // A DC-only read stops mid-file: nothing to finish (destroying the object ends it).
    if (!err.premature_end && !dc_only) jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(rows);
    free(converted);
    if (premature) {
        // What libjpeg drew before the end is handed out with the status, as djpeg writes it
        // (the rest as libjpeg fills missing data): the caller decides whether to show it.
        if (cc_jpeg_drew_some(&err)) cc_reducer_finish(reducer, out);
        cc_reducer_free(reducer);
        cc_set_msg(msg, msglen, "Premature end of JPEG file");
        return CC_TRUNCATED;
    }
    cc_reducer_finish(reducer, out);
    cc_reducer_free(reducer);
    return CC_OK;
}
