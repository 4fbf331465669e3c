// The one end of the export's streamed transcodes (JPEG and PNG sources): libjpeg's compressor
// fed a band of rows at a time, writing to a file descriptor through a small buffer, with the
// source's orientation carried as an Exif tag, and the caller's abandon question asked between
// bands. Errors (a failed write among them) longjmp through the caller's cc_jpeg_error.
#ifndef CC_JPEG_SINK_H
#define CC_JPEG_SINK_H

#include "jpeg_common.h"

/// Rows between two askings of the abandon question: a band 12000 pixels wide is a few ms of
/// work (531 bands of a 12000x8500 copy in about 1.5 s), so a signal is noticed at once while
/// the question, asked 531 times, costs nothing measurable.
#define CC_SINK_BAND_ROWS 16

/// libjpeg's destination writing to a descriptor through a 64 KB buffer.
typedef struct {
    struct jpeg_destination_mgr pub;
    int fd;
    volatile int write_errno;  // volatile: set after setjmp, read after the longjmp
    JOCTET *buffer;
} cc_jpeg_fd_destination;

/// The compressor, its destination, and the abandon question with the rows since it was asked.
typedef struct {
    struct jpeg_compress_struct cinfo;
    cc_jpeg_fd_destination dest;
    cc_abandon_fn abandon;
    void *abandon_context;
    unsigned rows_since_asked;
} cc_jpeg_sink;

/// Prepares `sink` to write to `out_fd` (before the caller's setjmp: it cannot fail through a
/// longjmp); 0 when out of memory, with nothing to release. `abandon` may be NULL.
int cc_jpeg_sink_init(cc_jpeg_sink *sink, int out_fd, cc_abandon_fn abandon, void *context);

/// Creates the compressor with `err` as its error manager (after the caller's setjmp) and starts
/// the compressed picture: `width`x`height` rows of `components` bytes a pixel in `space`,
/// `quality` 1–100, 4:2:0, standard Huffman tables (optimised ones would need the whole
/// picture's coefficients kept), and an Exif Orientation tag when `orientation` is 2–8.
void cc_jpeg_sink_start(cc_jpeg_sink *sink, cc_jpeg_error *err, int width, int height, J_COLOR_SPACE space,
                        int components, int quality, int orientation);

/// Compresses the next `count` rows; then, once a band's worth has passed since it was last
/// asked, asks the abandon question: non-zero means stop (the caller releases everything and
/// reports CC_ABANDONED).
int cc_jpeg_sink_write(cc_jpeg_sink *sink, JSAMPARRAY rows, JDIMENSION count);

/// Ends the picture and flushes it to the descriptor.
void cc_jpeg_sink_finish(cc_jpeg_sink *sink);

/// The errno of the write that failed, 0 when none did.
int cc_jpeg_sink_write_errno(const cc_jpeg_sink *sink);

/// Releases the compressor and the buffer (after init, whether or not it started; also after a longjmp).
void cc_jpeg_sink_destroy(cc_jpeg_sink *sink);

#endif
