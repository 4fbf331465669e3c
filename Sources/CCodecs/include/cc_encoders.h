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
