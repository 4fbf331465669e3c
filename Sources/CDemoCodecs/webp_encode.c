// WebP encoding from RGBA8 through libwebp's one-call API. Lossy WebP keeps an alpha
// channel (compressed losslessly by libwebp), so transparency survives either mode.
// CCodecs' internal helpers (message buffer, status): this target is its demo-only extension.
#include "../CCodecs/cc_internal.h"
#include "include/cc_demo_encoders.h"
#include <stdlib.h>
#include "../CCodecs/webp_loader.h"

cc_status cc_webp_encode(const uint8_t *rgba, int width, int height, float quality, int lossless,
                         uint8_t **out, size_t *out_len, char *msg, size_t msglen) {
    *out = NULL;
    *out_len = 0;
    if (width <= 0 || height <= 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        cc_set_msg(msg, msglen, "WebP sizes are 1 to 16383 pixels");
        return CC_UNSUPPORTED;
    }
    const cc_webp_api *W = cc_webp_api_get(msg, msglen);
    if (!W) return CC_UNSUPPORTED;
    float q = quality < 0 ? 0 : quality > 100 ? 100 : quality;
    uint8_t *encoded = NULL;
    size_t size = lossless ? W->WebPEncodeLosslessRGBA(rgba, width, height, width * 4, &encoded)
                           : W->WebPEncodeRGBA(rgba, width, height, width * 4, q, &encoded);
    if (size == 0 || !encoded) {
        W->WebPFree(encoded);
        cc_set_msg(msg, msglen, "libwebp could not encode the image (out of memory?)");
        return CC_NO_MEMORY;
    }
    // Callers release every encoder's output with cc_free (free), not WebPFree.
    *out = malloc(size);
    if (!*out) { W->WebPFree(encoded); return CC_NO_MEMORY; }
    memcpy(*out, encoded, size);
    W->WebPFree(encoded);
    *out_len = size;
    return CC_OK;
}
