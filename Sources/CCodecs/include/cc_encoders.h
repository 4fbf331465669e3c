// Whole-image encoders from RGBA8 that the product uses (JPEG for --export, PNG for the
// thumbnail cache); the demo library's GIF/WebP/HEIC encoders live in CDemoCodecs.
// The output buffer is malloc'd: release it with cc_free.
#ifndef CC_ENCODERS_H
#define CC_ENCODERS_H

#include <stddef.h>
#include <stdint.h>

/// JPEG at `quality` 1–100 (4:2:0); transparent pixels are composed over white.
cc_status cc_jpeg_encode(const uint8_t *rgba, int width, int height, int quality,
                         uint8_t **out, size_t *out_len, char *msg, size_t msglen);

/// Asked with its context between bands of a streamed transcode: non-zero stops it, and the
/// transcode then returns CC_ABANDONED with everything it held released. It must not longjmp
/// or unwind through the codec (a Swift closure behind it must not throw).
typedef int (*cc_abandon_fn)(void *context);

/// Re-encodes the JPEG open as `fd` (its first `head_len` bytes already read into `head`) at
/// `quality` 1–100 (4:2:0, standard Huffman tables) straight to `out_fd`, a band of rows at a
/// time, so that neither picture is held whole: for pictures over the decoders' pixel limit.
/// `orientation` (EXIF, 1–8) other than 1 is written as an Exif Orientation tag, since rows
/// cannot be turned one band at a time. A progressive source's coefficients (which libjpeg
/// keeps for the whole image) are held to 4 × `pixel_limit` bytes: above, CC_TOO_LARGE (0: no
/// limit). `abandon` (NULL: never) is asked every few rows. `width` and `height` get the
/// picture's size; a failed write sets `write_errno`.
cc_status cc_jpeg_transcode_file(int fd, const uint8_t *head, size_t head_len, int out_fd, int quality,
                                 int orientation, long pixel_limit, cc_abandon_fn abandon, void *abandon_context,
                                 int *width, int *height, int *write_errno, char *msg, size_t msglen);

/// The same from the PNG open as `fd`, read a row at a time (every colour type and depth,
/// expanded to RGBA8 as cc_png_decode does, transparency composed over white as cc_jpeg_encode
/// does): no pixel limit applies, as nothing is held whole. An interlaced PNG, whose rows come
/// in seven passes over the whole picture, is refused (CC_UNSUPPORTED). `orientation` is the
/// eXIf one, written as a tag.
cc_status cc_png_transcode_file(int fd, const uint8_t *head, size_t head_len, int out_fd, int quality,
                                int orientation, cc_abandon_fn abandon, void *abandon_context,
                                int *width, int *height, int *write_errno, char *msg, size_t msglen);

/// PNG (RGB when every pixel is opaque, else RGBA) with `count` text chunks: tEXt when the
/// value is ASCII, iTXt (UTF-8) otherwise.
cc_status cc_png_encode(const uint8_t *rgba, int width, int height,
                        const char *const *keys, const char *const *values, int count,
                        uint8_t **out, size_t *out_len, char *msg, size_t msglen);

/// A palette PNG (at most 256 colours, tRNS for translucent entries) quantised by libimagequant
/// at `min_quality`–100 (0–100, its PSNR-like scale) with Floyd–Steinberg at `dithering` 0–1;
/// `quality` gets the quality reached. When libimagequant cannot reach `min_quality`, returns
/// CC_OK with `*out` NULL and `quality` -1: the caller encodes truecolour instead.
cc_status cc_png_encode_palette(const uint8_t *rgba, int width, int height, int min_quality, float dithering,
                                uint8_t **out, size_t *out_len, int *quality, char *msg, size_t msglen);

/// libimagequant is loaded on first use (dlopen). True when the shared object `soname` opens
/// and has every function the encoder calls; otherwise 0 with the user-facing reason in `msg`.
int cc_liq_library_check(const char *soname, char *msg, size_t msglen);

#endif
