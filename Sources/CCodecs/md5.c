#include "cc_internal.h"
#include <md5.h>

void cc_md5(const uint8_t *data, size_t len, uint8_t digest[16]) {
    MD5_CTX ctx;
    MD5Init(&ctx);
    MD5Update(&ctx, data, len);
    MD5Final(digest, &ctx);
}
