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

int64_t cc_zlib_inflated_length(const uint8_t *data, size_t len) {
    enum { OUT = 65536 };
    uint8_t *out = malloc(OUT);
    z_stream z = {0};
    if (!out || inflateInit(&z) != Z_OK) { free(out); return -1; }
    int status = Z_OK;
    // Z_BUF_ERROR: no progress without more input (an end of input that is not the stream's end).
    while (status == Z_OK || status == Z_BUF_ERROR) {
        if (z.avail_in == 0) {
            if (len == 0) break;
            uInt piece = len > 0x40000000 ? 0x40000000 : (uInt)len;  // avail_in is 32 bits
            z.next_in = (Bytef *)(uintptr_t)data;
            z.avail_in = piece;
            data += piece;
            len -= piece;
        } else if (status == Z_BUF_ERROR) {
            break;
        }
        z.next_out = out;
        z.avail_out = OUT;
        status = inflate(&z, Z_NO_FLUSH);
    }
    int64_t total = status == Z_STREAM_END ? (int64_t)z.total_out : -1;
    inflateEnd(&z);
    free(out);
    return total;
}
