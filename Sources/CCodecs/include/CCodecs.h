// CCodecs: one C function per whole codec operation. Every libjpeg/libpng
// setjmp/longjmp lives in this target; callers get a status and a message.
#ifndef CCODECS_H
#define CCODECS_H

#include <stddef.h>
#include <stdint.h>

/// Status of a codec call.
typedef enum {
    CC_OK = 0,
    CC_UNSUPPORTED = 1,
    CC_TRUNCATED = 2,
    CC_CORRUPT = 3,
    CC_TOO_LARGE = 4,
    CC_NO_MEMORY = 5,
} cc_status;

/// Returns the codec library versions, for --version.
const char *cc_versions(void);

#endif
