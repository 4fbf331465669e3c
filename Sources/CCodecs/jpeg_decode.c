// JPEG decoding with DCT scaling straight into the linear-light reducer.
#include "jpeg_common.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// A progressive file with thousands of tiny scans costs time for nothing: refuse it.
#define MAX_SCANS 1000

typedef struct {
    struct jpeg_progress_mgr pub;
    cc_jpeg_error *err;
} scan_guard;

static void check_scans(j_common_ptr cinfo) {
    if (cinfo->is_decompressor) {
        j_decompress_ptr d = (j_decompress_ptr)cinfo;
        if (d->input_scan_number > MAX_SCANS) {
            cc_jpeg_error *err = (cc_jpeg_error *)cinfo->err;
            snprintf(err->message, sizeof err->message, "more than %d progressive scans", MAX_SCANS);
            longjmp(err->jump, 1);
        }
    }
}

// Adobe CMYK/YCCK JPEGs store inverted ink values; plain CMYK ones do not.
static void cmyk_to_rgba(const uint8_t *cmyk, uint8_t *rgba, int width, int inverted) {
    for (int x = 0; x < width; x++, cmyk += 4, rgba += 4) {
        int c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgba[0] = (uint8_t)((c * k + 127) / 255);
        rgba[1] = (uint8_t)((m * k + 127) / 255);
        rgba[2] = (uint8_t)((y * k + 127) / 255);
        rgba[3] = 255;
    }
}

// Reads the file from its descriptor in 64 KB chunks, after `head` (its first bytes, already
// read by the caller), so that a big JPEG never sits in memory whole: fresh memory costs a
// page fault per 4 KB, which for a one-off thumbnail is a measurable part of the run.
#define FILE_CHUNK 65536

typedef struct {
    struct jpeg_source_mgr pub;
    int fd;
    const uint8_t *head;
    size_t head_len;
    int head_served;
    off_t offset;      // where the next read starts
    int read_errno;    // set when a read failed (the decode then stops as truncated)
    uint8_t *chunk;
} file_source;

static const JOCTET fake_eoi[2] = { 0xFF, JPEG_EOI };

static void file_init(j_decompress_ptr cinfo) { (void)cinfo; }

static boolean file_fill(j_decompress_ptr cinfo) {
    file_source *src = (file_source *)cinfo->src;
    if (!src->head_served) {
        src->head_served = 1;
        src->pub.next_input_byte = src->head;
        src->pub.bytes_in_buffer = src->head_len;
        src->offset = (off_t)src->head_len;
        if (src->head_len > 0) return TRUE;
    }
    ssize_t n;
    do {
        n = pread(src->fd, src->chunk, FILE_CHUNK, src->offset);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) {
        if (n < 0) src->read_errno = errno;
        // As libjpeg's own sources do: warn, then end the image with a fake EOI marker.
        WARNMS(cinfo, JWRN_JPEG_EOF);
        src->pub.next_input_byte = fake_eoi;
        src->pub.bytes_in_buffer = 2;
        return TRUE;
    }
    src->offset += n;
    src->pub.next_input_byte = src->chunk;
    src->pub.bytes_in_buffer = (size_t)n;
    return TRUE;
}

static void file_skip(j_decompress_ptr cinfo, long count) {
    struct jpeg_source_mgr *src = cinfo->src;
    if (count <= 0) return;
    while (count > (long)src->bytes_in_buffer) {
        count -= (long)src->bytes_in_buffer;
        (void)(*src->fill_input_buffer)(cinfo);
    }
    src->next_input_byte += (size_t)count;
    src->bytes_in_buffer -= (size_t)count;
}

static void file_term(j_decompress_ptr cinfo) { (void)cinfo; }

static void file_src(j_decompress_ptr cinfo, file_source *src) {
    src->pub.init_source = file_init;
    src->pub.fill_input_buffer = file_fill;
    src->pub.skip_input_data = file_skip;
    src->pub.resync_to_restart = jpeg_resync_to_restart;
    src->pub.term_source = file_term;
    src->pub.next_input_byte = NULL;
    src->pub.bytes_in_buffer = 0;
    cinfo->src = &src->pub;
}

static cc_status decode(const uint8_t *data, size_t len, file_source *file, int target_w, int target_h,
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
    file_source src;
    memset(&src, 0, sizeof src);
    src.fd = fd;
    src.head = head;
    src.head_len = head_len;
    src.chunk = malloc(FILE_CHUNK);
    if (!src.chunk) {
        out->width = out->height = 0;
        out->pixels = NULL;
        cc_set_msg(msg, msglen, "out of memory");
        return CC_NO_MEMORY;
    }
    cc_status status = decode(NULL, 0, &src, target_w, target_h, pixel_limit, out, msg, msglen);
    free(src.chunk);
    if (src.read_errno && status == CC_TRUNCATED) {
        snprintf(msg, msglen, "read error: %s", strerror(src.read_errno));
    }
    return status;
}

/// The bytes of the whole-image coefficient arrays libjpeg allocates for a progressive file
/// (64 two-byte coefficients a block, every component); 0 for a baseline one.
static double coefficient_bytes(const struct jpeg_decompress_struct *cinfo) {
    if (!cinfo->progressive_mode && !cinfo->buffered_image) return 0;
    double bytes = 0;
    for (int c = 0; c < cinfo->num_components; c++) {
        bytes += (double)cinfo->comp_info[c].width_in_blocks * (double)cinfo->comp_info[c].height_in_blocks * 128.0;
    }
    return bytes;
}

static cc_status decode(const uint8_t *data, size_t len, file_source *file, int target_w, int target_h,
                        long pixel_limit, cc_image *out, char *msg, size_t msglen) {
    struct jpeg_decompress_struct cinfo;
    cc_jpeg_error err;
    scan_guard guard;
    // volatile: these change after setjmp and are read after a longjmp.
    cc_reducer *volatile reducer = NULL;
    uint8_t *volatile rows = NULL;
    uint8_t *volatile converted = NULL;
    out->width = out->height = 0;
    out->pixels = NULL;
    memset(&cinfo, 0, sizeof cinfo);

    cinfo.err = cc_jpeg_error_init(&err);
    if (setjmp(err.jump)) {
        cc_status status = err.premature_end ? CC_TRUNCATED : CC_CORRUPT;
        if (strstr(err.message, "Insufficient memory")) status = CC_NO_MEMORY;
        if (strncmp(err.message, "Unsupported", 11) == 0) status = CC_UNSUPPORTED;  // 12-bit, lossless
        cc_set_msg(msg, msglen, err.message);
        jpeg_destroy_decompress(&cinfo);
        cc_reducer_free(reducer);
        free(rows);
        free(converted);
        return status;
    }
    jpeg_create_decompress(&cinfo);
    guard.pub.progress_monitor = check_scans;
    guard.err = &err;
    cinfo.progress = &guard.pub;
    if (file) {
        file_src(&cinfo, file);
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
    // progressive file keeps for the whole image (2 bytes each), held to the RGBA buffer of
    // `pixel_limit` pixels. A baseline file is decoded a row of blocks at a time.
    jpeg_calc_output_dimensions(&cinfo);
    if (cc_over_limit((long)cinfo.output_width, (long)cinfo.output_height, pixel_limit) ||
        (pixel_limit > 0 && coefficient_bytes(&cinfo) > 4.0 * (double)pixel_limit)) {
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
                cmyk_to_rgba(pointers[i], converted, ow, cinfo.saw_Adobe_marker);
                cc_reducer_push(reducer, converted);
            } else {
                cc_reducer_push(reducer, pointers[i]);
            }
        }
    }
    int premature = err.premature_end;
    // A DC-only read stops mid-file: nothing to finish (destroying the object ends it).
    if (!premature && !dc_only) jpeg_finish_decompress(&cinfo);
    premature = premature || err.premature_end;
    jpeg_destroy_decompress(&cinfo);
    free(rows);
    free(converted);
    if (premature) {
        cc_reducer_free(reducer);
        cc_set_msg(msg, msglen, "Premature end of JPEG file");
        return CC_TRUNCATED;
    }
    cc_reducer_finish(reducer, out);
    cc_reducer_free(reducer);
    return CC_OK;
}
