// Helpers shared by the codec files (not part of the module's interface).
#ifndef CC_INTERNAL_H
#define CC_INTERNAL_H

#include "include/CCodecs.h"
#include <stdio.h>
#include <string.h>

/// Copies `text` into the caller's message buffer, always NUL-terminated.
static inline void cc_set_msg(char *msg, size_t msglen, const char *text) {
    if (msg == NULL || msglen == 0) return;
    snprintf(msg, msglen, "%s", text ? text : "");
}

/// True when a `w`x`h` image is above `limit` pixels (limit <= 0: no limit).
static inline int cc_over_limit(long w, long h, long limit) {
    return limit > 0 && (w * h > limit);
}

/// The smallest scale numerator M (of M/8) whose output still covers about twice (at
/// least 1.4 times) the cover size; 8 when there is no target. Shared by the codecs that can scale while decoding.
int cc_scale_eighths(int sw, int sh, int dw, int dh);

/// Reduces a whole RGBA buffer (rows `stride` bytes apart) through a reducer into `out`.
cc_status cc_reduce_buffer(const uint8_t *rgba, int sw, int sh, size_t stride, int dw, int dh, cc_image *out);

#endif
