// Whole-image decoders. Each reads the header, refuses images above `pixel_limit`
// pixels before allocating, decodes at about twice the cover size of the target
// (JPEG: the smallest M/8 giving at least 1.4x; target 0x0 = full size) and reduces
// (averaging sRGB values) to the cover size: the smallest size, at the image's aspect ratio,
// that is at least target_w wide and target_h high (never larger than the image).
// On failure `msg` holds the library's message (NUL-terminated, truncated to msglen).
// On CC_TRUNCATED the JPEG and PNG decoders may leave in `out` the picture they drew from the
// data before the end (a partial picture: see cc_jpeg_drew_some; a PNG's rows so far, or an
// interlaced one's passes so far, each pixel filling its block, the rest transparent); the
// caller frees it either way.
#ifndef CC_DECODERS_H
#define CC_DECODERS_H

#include <stddef.h>
#include <stdint.h>

/// JPEG through libjpeg-turbo (DCT scaling; baseline, progressive, grey, RGB, CMYK, YCCK).
cc_status cc_jpeg_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                         cc_image *out, char *msg, size_t msglen);

/// The same, reading the file open on `fd` in small chunks after `head` (its first
/// `head_len` bytes, already read), so the file is never held in memory whole.
cc_status cc_jpeg_decode_file(int fd, const uint8_t *head, size_t head_len, int target_w, int target_h,
                              long pixel_limit, cc_image *out, char *msg, size_t msglen);

/// PNG through libpng (every colour type and depth); non-interlaced images are streamed row by row.
cc_status cc_png_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                        cc_image *out, char *msg, size_t msglen);

/// The same, reading the file open on `fd` through a small window after `head` (its first
/// `head_len` bytes, already read), so the file is never held in memory whole.
cc_status cc_png_decode_file(int fd, const uint8_t *head, size_t head_len, int target_w, int target_h,
                             long pixel_limit, cc_image *out, char *msg, size_t msglen);

/// `cc_png_decode_file` for a file the caller found `file_len` bytes long (its fstat, which
/// `cc_png_decode_file` makes itself). A file that turns out shorter as it is read (truncated by
/// another process since) is read as a file cut where it ends: CC_TRUNCATED, with the rows that
/// came as a cut file's (tests make that happen here, between the size and the reads).
cc_status cc_png_decode_file_of_size(int fd, const uint8_t *head, size_t head_len, size_t file_len, int target_w,
                                     int target_h, long pixel_limit, cc_image *out, char *msg, size_t msglen);

/// For tests: the most bytes of its file the last `cc_png_decode_file` on this thread held at once
/// (besides the caller's head).
size_t cc_png_decode_file_window_peak(void);

/// GIF first frame through giflib, composed on a transparent canvas of the screen size.
cc_status cc_gif_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                        cc_image *out, char *msg, size_t msglen);

/// WebP (lossy, lossless, alpha; first frame of an animation) with libwebp's own scaling.
cc_status cc_webp_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                         cc_image *out, char *msg, size_t msglen);

/// HEIF/HEIC/AVIF primary image through libheif (rotations applied by libheif), or its
/// smallest thumbnail that still covers the target.
cc_status cc_heif_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                         cc_image *out, char *msg, size_t msglen);

/// The HEIF/HEIC/AVIF primary image as coded, its crop, rotation and mirroring not applied (for
/// a caller that applies them itself: libheif 1.15 cannot mirror more than 8 bits a sample).
cc_status cc_heif_decode_untransformed(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                                       cc_image *out, char *msg, size_t msglen);

/// Header of a HEIF/AVIF primary image: displayed size and alpha, without decoding pixels.
cc_status cc_heif_info(const uint8_t *data, size_t len, int *width, int *height, int *has_alpha,
                       char *msg, size_t msglen);

/// True when this libheif can decode HEVC (`av1` = 0) or AV1 (`av1` = 1) images.
int cc_heif_can_decode(int av1);

/// libheif is loaded on first use (dlopen). True when the shared object `soname` opens and has
/// every function the codecs call; otherwise 0 with the user-facing reason in `msg`.
int cc_heif_library_check(const char *soname, char *msg, size_t msglen);

/// libwebp, libwebpdemux, giflib and ISA-L are loaded on first use too (each linked library
/// costs every process its loading); the same check as `cc_heif_library_check` for each.
int cc_webp_library_check(const char *soname, char *msg, size_t msglen);
/// See `cc_webp_library_check`.
int cc_webpdemux_library_check(const char *soname, char *msg, size_t msglen);
/// See `cc_webp_library_check`.
int cc_gif_library_check(const char *soname, char *msg, size_t msglen);
/// See `cc_webp_library_check`.
int cc_isal_library_check(const char *soname, char *msg, size_t msglen);

#endif
