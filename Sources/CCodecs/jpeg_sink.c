#include "jpeg_sink.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OUT_CHUNK 65536

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
    cc_jpeg_fd_destination *dest = (cc_jpeg_fd_destination *)cinfo->dest;
    dest->pub.next_output_byte = dest->buffer;
    dest->pub.free_in_buffer = OUT_CHUNK;
}

// A failed write ends the operation (longjmp through ERREXIT) with its errno kept.
static boolean dest_empty(j_compress_ptr cinfo) {
    cc_jpeg_fd_destination *dest = (cc_jpeg_fd_destination *)cinfo->dest;
    dest->write_errno = write_all(dest->fd, dest->buffer, OUT_CHUNK);
    if (dest->write_errno) ERREXIT(cinfo, JERR_FILE_WRITE);
    dest_init(cinfo);
    return TRUE;
}

static void dest_term(j_compress_ptr cinfo) {
    cc_jpeg_fd_destination *dest = (cc_jpeg_fd_destination *)cinfo->dest;
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

int cc_jpeg_sink_init(cc_jpeg_sink *sink, int out_fd, cc_abandon_fn abandon, void *context) {
    // Zeroed, the compressor is safe to destroy before it is created.
    memset(sink, 0, sizeof *sink);
    sink->dest.fd = out_fd;
    sink->dest.buffer = malloc(OUT_CHUNK);
    sink->abandon = abandon;
    sink->abandon_context = context;
    return sink->dest.buffer != NULL;
}

void cc_jpeg_sink_start(cc_jpeg_sink *sink, cc_jpeg_error *err, int width, int height, J_COLOR_SPACE space,
                        int components, int quality, int orientation) {
    j_compress_ptr out = &sink->cinfo;
    out->err = &err->pub;
    jpeg_create_compress(out);
    sink->dest.pub.init_destination = dest_init;
    sink->dest.pub.empty_output_buffer = dest_empty;
    sink->dest.pub.term_destination = dest_term;
    out->dest = &sink->dest.pub;
    out->image_width = (JDIMENSION)width;
    out->image_height = (JDIMENSION)height;
    out->input_components = components;
    out->in_color_space = space;
    jpeg_set_defaults(out);
    jpeg_set_quality(out, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    // Optimised Huffman tables need a first pass over the whole image's coefficients, which
    // libjpeg then keeps: the standard tables keep the memory to a band (the file is larger,
    // about 9 % for a photograph-like picture, more for smooth gradients).
    out->optimize_coding = FALSE;
    jpeg_start_compress(out, TRUE);
    if (orientation >= 2 && orientation <= 8) write_orientation(out, orientation);
}

int cc_jpeg_sink_write(cc_jpeg_sink *sink, JSAMPARRAY rows, JDIMENSION count) {
    jpeg_write_scanlines(&sink->cinfo, rows, count);
    sink->rows_since_asked += count;
    if (sink->rows_since_asked < CC_SINK_BAND_ROWS) return 0;
    sink->rows_since_asked = 0;
    return sink->abandon && sink->abandon(sink->abandon_context);
}

void cc_jpeg_sink_finish(cc_jpeg_sink *sink) { jpeg_finish_compress(&sink->cinfo); }

int cc_jpeg_sink_write_errno(const cc_jpeg_sink *sink) { return sink->dest.write_errno; }

void cc_jpeg_sink_destroy(cc_jpeg_sink *sink) {
    jpeg_destroy_compress(&sink->cinfo);
    free(sink->dest.buffer);
    sink->dest.buffer = NULL;
}
