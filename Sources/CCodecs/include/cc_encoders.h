// Whole-image encoders from RGBA8. The output buffer is malloc'd: release it with cc_free.
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

/// WebP at `quality` 0–100, or lossless when `lossless` is non-zero; alpha is kept either way.
cc_status cc_webp_encode(const uint8_t *rgba, int width, int height, float quality, int lossless,
                         uint8_t **out, size_t *out_len, char *msg, size_t msglen);

/// GIF89a, one frame: the exact palette when the opaque pixels have at most 256 colours
/// (255 with transparency), else giflib's median cut; alpha < 128 becomes the transparent index.
cc_status cc_gif_encode(const uint8_t *rgba, int width, int height,
                        uint8_t **out, size_t *out_len, char *msg, size_t msglen);

/// HEIC (HEVC through libheif's encoder plugin) at `quality` 0–100 with an x265 `preset`
/// (e.g. "ultrafast"; NULL = the plugin's default); alpha becomes an auxiliary image.
/// CC_UNSUPPORTED when this libheif has no HEVC encoder.
cc_status cc_heif_encode(const uint8_t *rgba, int width, int height, int quality, const char *preset,
                         uint8_t **out, size_t *out_len, char *msg, size_t msglen);

/// True when this libheif can encode HEVC (HEIC) images.
int cc_heif_can_encode(void);

#endif
