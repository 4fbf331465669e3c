// The libjpeg error manager that turns errors into a longjmp back to the one
// setjmp of each whole JPEG operation, keeping the library's message.
#ifndef CC_JPEG_COMMON_H
#define CC_JPEG_COMMON_H

#include "cc_internal.h"
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int premature_end;  // the data ended before the image did
} cc_jpeg_error;

/// Installs the error manager on `err` and returns the struct for cinfo->err.
struct jpeg_error_mgr *cc_jpeg_error_init(cc_jpeg_error *err);

#endif
