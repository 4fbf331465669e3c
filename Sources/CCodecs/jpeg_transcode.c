// JPEG to JPEG for --export of pictures too large to hold decoded: libjpeg's decompressor
// hands a band of rows at a time to its compressor, which writes to a file descriptor.
#include "jpeg_common.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OUT_CHUNK 65536

// Writes the compressor's output to a descriptor; a failed write ends the operation
// (longjmp through ERREXIT) with its errno kept.
typedef struct {
    struct jpeg_destination_mgr pub;
    int fd;
    volatile int write_errno;  // volatile: set after setjmp, read after the longjmp
    JOCTET *buffer;  // OUT_CHUNK bytes
} fd_destination;

static int write_all(int fd, const JOCTET *bytes, size_t count) {
    while (count > 0) {
        ssize_t n = write(fd, bytes, count);
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        bytes += n;
        count -= (size_t)n;
    }
    return 0;
}

static void dest_init(j_compress_ptr cinfo) {
    fd_destination *dest = (fd_destination *)cinfo->dest;
    dest->pub.next_output_byte = dest->buffer;
    dest->pub.free_in_buffer = OUT_CHUNK;
}

static boolean dest_empty(j_compress_ptr cinfo) {
    fd_destination *dest = (fd_destination *)cinfo->dest;
    dest->write_errno = write_all(dest->fd, dest->buffer, OUT_CHUNK);
    if (dest->write_errno) ERREXIT(cinfo, JERR_FILE_WRITE);
    dest_init(cinfo);
    return TRUE;
}

static void dest_term(j_compress_ptr cinfo) {
    fd_destination *dest = (fd_destination *)cinfo->dest;
    dest->write_errno = write_all(dest->fd, dest->buffer, OUT_CHUNK - dest->pub.free_in_buffer);
    if (dest->write_errno) ERREXIT(cinfo, JERR_FILE_WRITE);
}

// An APP1 Exif segment holding only the orientation tag (a big-endian TIFF with one IFD entry).
static void write_orientation(j_compress_ptr cinfo, int orientation) {
    const JOCTET exif[] = {
        'E', 'x', 'i', 'f', 0, 0,
        'M', 'M', 0, 42, 0, 0, 0, 8,                          // TIFF header, IFD at 8
        0, 1,                                                 // one entry
        0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, (JOCTET)orientation, 0, 0,  // Orientation, SHORT, 1 value
        0, 0, 0, 0,                                           // no next IFD
    };
    jpeg_write_marker(cinfo, JPEG_APP0 + 1, exif, (unsigned)sizeof exif);
}

static void release(j_decompress_ptr in, j_compress_ptr out, cc_jpeg_file_source *src, fd_destination *dest,
                    uint8_t *rows, uint8_t *converted) {
    jpeg_destroy_decompress(in);
    jpeg_destroy_compress(out);
    free(src->chunk);
    free(dest->buffer);
    free(rows);
    free(converted);
}

cc_status cc_jpeg_transcode_file(int fd, const uint8_t *head, size_t head_len, int out_fd, int quality,
                                 int orientation, long pixel_limit, int *width, int *height, int *write_errno,
                                 char *msg, size_t msglen) {
    struct jpeg_decompress_struct in;
    struct jpeg_compress_struct out;
    cc_jpeg_error err;
    cc_jpeg_scan_guard guard;
    cc_jpeg_file_source src;
    fd_destination dest;
    // volatile: these change after setjmp and are read after a longjmp.
    uint8_t *volatile rows = NULL;
    uint8_t *volatile converted = NULL;
    *width = *height = 0;
    *write_errno = 0;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    memset(&src, 0, sizeof src);
    memset(&dest, 0, sizeof dest);
    src.fd = fd;
    src.head = head;
    src.head_len = head_len;
    src.chunk = malloc(CC_JPEG_FILE_CHUNK);
    dest.fd = out_fd;
    dest.buffer = malloc(OUT_CHUNK);
    if (!src.chunk || !dest.buffer) {
        free(src.chunk);
        free(dest.buffer);
        cc_set_msg(msg, msglen, "out of memory");
        return CC_NO_MEMORY;
    }
    // One error manager for both objects: whichever fails jumps back here.
    in.err = cc_jpeg_error_init(&err);
    out.err = &err.pub;
    if (setjmp(err.jump)) {
        cc_status status = err.premature_end ? CC_TRUNCATED : CC_CORRUPT;
        if (strstr(err.message, "Insufficient memory")) status = CC_NO_MEMORY;
        if (strncmp(err.message, "Unsupported", 11) == 0) status = CC_UNSUPPORTED;
        cc_set_msg(msg, msglen, err.message);
        if (src.read_errno && status == CC_TRUNCATED) snprintf(msg, msglen, "read error: %s", strerror(src.read_errno));
        *write_errno = dest.write_errno;
        release(&in, &out, &src, &dest, rows, converted);
        return status;
    }
    jpeg_create_decompress(&in);
    jpeg_create_compress(&out);
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
    // The one whole-image cost left: a progressive file's coefficients, held to the same
    // bound as the decoder's (the RGBA buffer of `pixel_limit` pixels).
    if (pixel_limit > 0 && cc_jpeg_coefficient_bytes(&in) > 4.0 * (double)pixel_limit) {
        release(&in, &out, &src, &dest, NULL, NULL);
        return CC_TOO_LARGE;
    }
    jpeg_start_decompress(&in);

    dest.pub.init_destination = dest_init;
    dest.pub.empty_output_buffer = dest_empty;
    dest.pub.term_destination = dest_term;
    out.dest = &dest.pub;
    out.image_width = in.output_width;
    out.image_height = in.output_height;
    out.input_components = 4;
    out.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&out);
    jpeg_set_quality(&out, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    // Optimised Huffman tables need a first pass over the whole image's coefficients, which
    // libjpeg then keeps: the standard tables keep the memory to a band (the file is larger,
    // about 9 % for a photograph-like picture, more for smooth gradients).
    out.optimize_coding = FALSE;
    jpeg_start_compress(&out, TRUE);
    if (orientation >= 2 && orientation <= 8) write_orientation(&out, orientation);

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
    while (in.output_scanline < in.output_height) {
        JDIMENSION got = jpeg_read_scanlines(&in, pointers, (JDIMENSION)batch);
        if (got == 0 || err.premature_end) break;
        if (cmyk) {
            for (JDIMENSION i = 0; i < got; i++) cc_jpeg_cmyk_to_rgba(pointers[i], rgb[i], (int)in.output_width, in.saw_Adobe_marker);
        }
        jpeg_write_scanlines(&out, rgb, got);
    }
    if (!err.premature_end) jpeg_finish_decompress(&in);
    if (err.premature_end) {
        // Half a picture is not a copy of it.
        snprintf(err.message, sizeof err.message, "Premature end of JPEG file");
        longjmp(err.jump, 1);
    }
    jpeg_finish_compress(&out);
    release(&in, &out, &src, &dest, rows, converted);
    return CC_OK;
}
