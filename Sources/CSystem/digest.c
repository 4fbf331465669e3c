#include "include/CSystem.h"
#include <md5.h>
#include <zlib.h>

void cc_md5(const uint8_t *data, size_t len, uint8_t digest[16]) {
    MD5_CTX ctx;
    MD5Init(&ctx);
    MD5Update(&ctx, data, len);
    MD5Final(digest, &ctx);
}

uint32_t cc_crc32(const uint8_t *data, size_t len) {
    uLong crc = crc32(0L, Z_NULL, 0);
    while (len > 0) {  // zlib takes the length as uInt
        uInt chunk = len > 0x40000000u ? 0x40000000u : (uInt)len;
        crc = crc32(crc, data, chunk);
        data += chunk;
        len -= chunk;
    }
    return (uint32_t)crc;
}
