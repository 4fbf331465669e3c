// CDemoCodecs: the GIF, WebP and HEIC encoders that only the demo library and the
// format tests need, kept out of CCodecs so the product does not carry them. Same calling
// convention as CCodecs' encoders: a status, a message, output released with cc_free.
#ifndef CC_DEMO_ENCODERS_H
#define CC_DEMO_ENCODERS_H

#include "CCodecs.h"

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
