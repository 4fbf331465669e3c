#include "include/CSystem.h"
#include <stdlib.h>
#include <zlib.h>

uint8_t *cc_zlib_compress(const uint8_t *data, size_t len, int level, size_t *out_len) {
    uLongf bound = compressBound((uLong)len);
    uint8_t *out = malloc(bound > 0 ? bound : 1);
    if (!out) return NULL;
    if (compress2(out, &bound, data, (uLong)len, level) != Z_OK) {
        free(out);
        return NULL;
    }
    *out_len = bound;
    return out;
}

int cc_zlib_uncompress(const uint8_t *data, size_t len, uint8_t *out, size_t *out_len) {
    uLongf size = *out_len;
    int status = uncompress(out, &size, data, (uLong)len);
    *out_len = size;
    return status == Z_OK ? 0 : -1;
}
