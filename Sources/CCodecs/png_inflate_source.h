// The PNG decoder's input: the file as libpng reads it, except that the image data is
// inflated by ISA-L (several times faster than zlib), unfiltered here when the image is not
// interlaced (png_rows.c, png_unfilter.c), and handed to libpng as stored (uncompressed) deflate blocks,
// which libpng's zlib only copies. libpng still does the rest (chunks, every colour type,
// Adam7), and memory stays bounded: a 64 KB block, three rows and ISA-L's state (about 90 KB),
// plus, for a file, a 128 KB window onto it.
#ifndef CC_PNG_INFLATE_SOURCE_H
#define CC_PNG_INFLATE_SOURCE_H

#include "png_common.h"

typedef struct cc_png_source cc_png_source;

/// A source over `len` bytes of PNG data (not copied; must outlive the source); NULL when out of memory.
cc_png_source *cc_png_source_new(const uint8_t *data, size_t len);

/// A source over the file open on `fd`, `len` bytes long, whose first `head_len` bytes the
/// caller has read into `head` (which must outlive the source); the rest is read in a window
/// of 128 KB as it is needed. NULL when out of memory.
cc_png_source *cc_png_source_new_file(int fd, const uint8_t *head, size_t head_len, size_t len);

/// `cc_png_source_new_file` over the file open on `fd`, its length from fstat. NULL when out of
/// memory, or when fstat fails: then CC_TRUNCATED is in `status` and the reason in `msg`.
cc_png_source *cc_png_source_open(int fd, const uint8_t *head, size_t head_len, cc_status *status,
                                  char *msg, size_t msglen);

/// Makes `src` the read function of `png`. Requires the Adler-32 check to be off
/// (PNG_IGNORE_ADLER32): the re-wrapped stream carries no checksum.
void cc_png_source_attach(cc_png_source *src, png_structp png);

/// Makes `src` the read function of `png`, turns off the checks its re-wrapped data cannot
/// pass, and reads the chunks before the image data (png_read_info; errors through png_error).
void cc_png_source_read_info(cc_png_source *src, png_structp png, png_infop info);

/// True when the last error came from the data ending early (rather than being damaged).
int cc_png_source_truncated(const cc_png_source *src);

void cc_png_source_free(cc_png_source *src);

#endif
