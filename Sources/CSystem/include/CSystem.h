// Digests from system libraries, for Platform's Digest (not imported by any other target).
#ifndef CSYSTEM_H
#define CSYSTEM_H

#include <stddef.h>
#include <stdint.h>

/// Writes the MD5 digest of `data` (16 bytes) to `digest` (libmd).
void cc_md5(const uint8_t *data, size_t len, uint8_t digest[16]);

/// The CRC-32 (ISO 3309, as in PNG and zip) of `data` (zlib).
uint32_t cc_crc32(const uint8_t *data, size_t len);

#endif
