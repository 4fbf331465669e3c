// What the JPEG decoder and the export's transcoder share: the libjpeg error manager that
// turns errors into a longjmp back to the one setjmp of each whole JPEG operation, keeping
// the library's message; the guard against endless progressive scans; the source that reads
// a file in chunks; CMYK conversion; transparency over white; the cost of a progressive file's coefficients.
#ifndef CC_JPEG_COMMON_H
#define CC_JPEG_COMMON_H

#include "cc_internal.h"
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int premature_end;  // the data ended before the image did
    int end_scan;        // where it ended, for a partial picture: the scan being read (0 in the
    int end_imcu_row;    // headers) and the row of blocks (iMCU row) of it, at the first end met
    int marker_in_data;  // the first marker met where a scan's data was due, 0 when none: the
                         // data ended (EOI) or misses a part; libjpeg decodes zeros for it, to
                         // the end of the scan, or of the restart interval for a restart marker
} cc_jpeg_error;

/// Installs the error manager on `err` and returns the struct for cinfo->err.
struct jpeg_error_mgr *cc_jpeg_error_init(cc_jpeg_error *err);

/// The status of the error in `err` (after its longjmp), the one reading of it for the decoder
/// and the transcoder: truncated when the data ended early, no memory, unsupported for a kind
/// of JPEG libjpeg cannot read (12-bit, lossless), else corrupt.
cc_status cc_jpeg_error_status(const cc_jpeg_error *err);

/// After a premature end: true when the data ended where a marker was due, once everything the
/// picture needs had come (no marker where a scan's data was due, and every row of a file in
/// one scan read, or every coefficient of a progressive one fully refined): a file that lacks
/// only its end marker (EOI), as some cameras, editors and copies leave them. libjpeg warns of
/// a premature end for such a file too, but its picture is whole.
int cc_jpeg_whole_without_end(j_decompress_ptr cinfo, const cc_jpeg_error *err);

/// After a premature end that `cc_jpeg_whole_without_end` does not excuse: true when libjpeg
/// has drawn some of the picture from what came before the end, so that what it gives (the
/// rest filled as libjpeg fills missing data: zero coefficients, mid-grey in a colour JPEG) is
/// a partial picture worth showing, as djpeg writes it: the end came after the first scan's
/// first row of blocks. A file cut in its headers, or before a row of its picture arrived, has
/// nothing to show.
int cc_jpeg_drew_some(const cc_jpeg_error *err);

/// Refuses (longjmp) a progressive file with thousands of tiny scans: time spent for nothing.
typedef struct {
    struct jpeg_progress_mgr pub;
    cc_jpeg_error *err;
} cc_jpeg_scan_guard;

/// Installs `guard` as `cinfo`'s progress monitor; `err` must be its error manager.
void cc_jpeg_guard_scans(j_decompress_ptr cinfo, cc_jpeg_scan_guard *guard, cc_jpeg_error *err);

/// How much a file source reads at a time.
#define CC_JPEG_FILE_CHUNK 65536

/// Reads the file from its descriptor in chunks of CC_JPEG_FILE_CHUNK, after `head` (its first
/// bytes, already read by the caller), so that a big JPEG never sits in memory whole: fresh
/// memory costs a page fault per 4 KB, which for a one-off thumbnail is a measurable part of
/// the run. A failed read ends the image as truncated, its errno in `read_errno`.
typedef struct {
    struct jpeg_source_mgr pub;
    int fd;
    const uint8_t *head;
    size_t head_len;
    int head_served;
    off_t offset;      // where the next read starts
    volatile int read_errno;  // set when a read failed (the decode then stops as truncated); volatile: read after a longjmp
    uint8_t *chunk;    // CC_JPEG_FILE_CHUNK bytes, the caller's
} cc_jpeg_file_source;

/// Makes `src` (fd, head, head_len and chunk set) `cinfo`'s source.
void cc_jpeg_file_src(j_decompress_ptr cinfo, cc_jpeg_file_source *src);

/// CMYK as libjpeg gives it, taken as inverted inks (Adobe's convention, as ImageMagick takes every
/// CMYK JPEG, marker or not), to opaque RGBA, `width` pixels.
void cc_jpeg_cmyk_to_rgba(const uint8_t *cmyk, uint8_t *rgba, int width);

/// The longest side a JPEG can have, and what is said of a picture over it.
#define CC_JPEG_MAX_SIDE 65500
#define CC_JPEG_SIDE_MESSAGE "JPEG sizes are 1 to 65500 pixels"

/// `width` RGBA pixels (straight alpha) to RGB composed over white, as JPEG has no alpha: the
/// one rule of the export's encoder and its streamed PNG transcode.
void cc_rgba_over_white(const uint8_t *rgba, uint8_t *rgb, int width);

/// The bytes of the whole-image coefficient arrays libjpeg allocates for a file in several
/// scans (64 two-byte coefficients a block, every component): a progressive one, or a
/// sequential one with a scan per component; 0 for a file in one scan, read a row of blocks at
/// a time. After jpeg_read_header.
double cc_jpeg_coefficient_bytes(const struct jpeg_decompress_struct *cinfo);

#endif
