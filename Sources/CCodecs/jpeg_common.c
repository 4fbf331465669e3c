#include "jpeg_common.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void error_exit(j_common_ptr cinfo) {
    cc_jpeg_error *err = (cc_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

// Warnings (corrupt data, premature end) are remembered, never printed.
static void emit_message(j_common_ptr cinfo, int level) {
    cc_jpeg_error *err = (cc_jpeg_error *)cinfo->err;
    if (level < 0) {
        if (cinfo->err->msg_code == JWRN_JPEG_EOF && !err->premature_end) {
            err->premature_end = 1;
            if (cinfo->is_decompressor) {
                j_decompress_ptr d = (j_decompress_ptr)cinfo;
                err->end_scan = d->input_scan_number;
                err->end_imcu_row = (int)d->input_iMCU_row;
            }
        }
        // The marker met where data was due (libjpeg has just set unread_marker to it).
        if (cinfo->err->msg_code == JWRN_HIT_MARKER && cinfo->is_decompressor && !err->marker_in_data) {
            int marker = ((j_decompress_ptr)cinfo)->unread_marker;
            err->marker_in_data = marker ? marker : -1;
        }
        cinfo->err->num_warnings++;
    }
}

static void output_message(j_common_ptr cinfo) { (void)cinfo; }

struct jpeg_error_mgr *cc_jpeg_error_init(cc_jpeg_error *err) {
    struct jpeg_error_mgr *pub = jpeg_std_error(&err->pub);
    pub->error_exit = error_exit;
    pub->emit_message = emit_message;
    pub->output_message = output_message;
    err->message[0] = 0;
    err->premature_end = 0;
    err->end_scan = 0;
    err->end_imcu_row = 0;
    err->marker_in_data = 0;
    return pub;
}

cc_status cc_jpeg_error_status(const cc_jpeg_error *err) {
    if (err->premature_end) return CC_TRUNCATED;
    if (strstr(err->message, "Insufficient memory")) return CC_NO_MEMORY;
    // "Unsupported marker type 0x21" is damage (a byte of the data taken for a marker), not a
    // kind of JPEG this build cannot read: it said "unsupported format" of a corrupt file.
    if (err->pub.msg_code == JERR_UNKNOWN_MARKER) return CC_CORRUPT;
    if (strncmp(err->message, "Unsupported", 11) == 0) return CC_UNSUPPORTED;  // 12-bit, lossless
    return CC_CORRUPT;
}

int cc_jpeg_whole_without_end(j_decompress_ptr cinfo, const cc_jpeg_error *err) {
    if (err->marker_in_data) return 0;
    if (cinfo->progressive_mode) {
        // coef_bits: the point transform (Al) of each coefficient's latest scan, -1 before its first.
        if (!cinfo->coef_bits) return 0;
        for (int c = 0; c < cinfo->num_components; c++)
            for (int k = 0; k < DCTSIZE2; k++)
                if (cinfo->coef_bits[c][k] != 0) return 0;
        return 1;
    }
    return !jpeg_has_multiple_scans(cinfo) && cinfo->output_scanline >= cinfo->output_height;
}

int cc_jpeg_drew_some(const cc_jpeg_error *err) {
    return err->premature_end && (err->end_scan > 1 || (err->end_scan == 1 && err->end_imcu_row > 0));
}

#define MAX_SCANS 1000

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

void cc_jpeg_guard_scans(j_decompress_ptr cinfo, cc_jpeg_scan_guard *guard, cc_jpeg_error *err) {
    guard->pub.progress_monitor = check_scans;
    guard->err = err;
    cinfo->progress = &guard->pub;
}

// Samples are taken as inverted inks (255 no ink), Adobe APP14 marker or not. Adobe's files
// (Photoshop, and libjpeg's and ImageMagick's writers, which add the marker) store them so; a
// CMYK file without it has most often lost it to a metadata stripper, and ImageMagick (6.9.11,
// checked) shows it as inverted too, where taking it for plain inks showed its negative.
void cc_jpeg_cmyk_to_rgba(const uint8_t *cmyk, uint8_t *rgba, int width) {
    for (int x = 0; x < width; x++, cmyk += 4, rgba += 4) {
        int c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        rgba[0] = (uint8_t)((c * k + 127) / 255);
        rgba[1] = (uint8_t)((m * k + 127) / 255);
        rgba[2] = (uint8_t)((y * k + 127) / 255);
        rgba[3] = 255;
    }
}

void cc_rgba_over_white(const uint8_t *rgba, uint8_t *rgb, int width) {
    for (int x = 0; x < width; x++) {
        int a = rgba[x * 4 + 3];
        for (int k = 0; k < 3; k++)
            rgb[x * 3 + k] = (uint8_t)((rgba[x * 4 + k] * a + 255 * (255 - a) + 127) / 255);
    }
}

static const JOCTET fake_eoi[2] = { 0xFF, JPEG_EOI };

static void file_init(j_decompress_ptr cinfo) { (void)cinfo; }

static boolean file_fill(j_decompress_ptr cinfo) {
    cc_jpeg_file_source *src = (cc_jpeg_file_source *)cinfo->src;
    if (!src->head_served) {
        src->head_served = 1;
        src->pub.next_input_byte = src->head;
        src->pub.bytes_in_buffer = src->head_len;
        src->offset = (off_t)src->head_len;
        if (src->head_len > 0) return TRUE;
    }
    ssize_t n;
    do {
        n = pread(src->fd, src->chunk, CC_JPEG_FILE_CHUNK, src->offset);
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

void cc_jpeg_file_src(j_decompress_ptr cinfo, cc_jpeg_file_source *src) {
    src->pub.init_source = file_init;
    src->pub.fill_input_buffer = file_fill;
    src->pub.skip_input_data = file_skip;
    src->pub.resync_to_restart = jpeg_resync_to_restart;
    src->pub.term_source = file_term;
    src->pub.next_input_byte = NULL;
    src->pub.bytes_in_buffer = 0;
    cinfo->src = &src->pub;
}

double cc_jpeg_coefficient_bytes(const struct jpeg_decompress_struct *cinfo) {
    // jpeg_has_multiple_scans, not progressive_mode: a sequential file with a scan per
    // component is held whole too (a 60000x60000 header on a 1 KB file had libjpeg allocate
    // 21 GB of coefficients, and the export's transcode run six minutes; found by its tests).
    if (!jpeg_has_multiple_scans((j_decompress_ptr)cinfo) && !cinfo->buffered_image) return 0;
    double bytes = 0;
    for (int c = 0; c < cinfo->num_components; c++) {
        bytes += (double)cinfo->comp_info[c].width_in_blocks * (double)cinfo->comp_info[c].height_in_blocks * 128.0;
    }
    return bytes;
}
