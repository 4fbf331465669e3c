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
    CC_ABANDONED = 6,  // a streamed transcode's abandon question said to stop
    CC_NO_LIBRARY = 7,  // a library the format needs could not be loaded: says nothing of the file
} cc_status;

/// A decoded image: RGBA8, straight alpha, rows top to bottom, `pixels` from malloc.
/// On CC_TOO_LARGE, width and height carry the size the header claimed and pixels is NULL.
typedef struct {
    int width;
    int height;
    uint8_t *pixels;
} cc_image;

/// Releases the pixels of an image returned by a decoder (safe on an empty image).
void cc_image_free(cc_image *image);

/// Releases a buffer returned by an encoder.
void cc_free(void *buffer);

/// Returns the codec library versions, for --version.
const char *cc_versions(void);

#include "cc_reduce.h"
#include "cc_decoders.h"
#include "cc_encoders.h"

#endif
