// libheif helpers shared by the HEIF decoder and encoder.
#ifndef CC_HEIF_COMMON_H
#define CC_HEIF_COMMON_H

#include "cc_internal.h"
#include <libheif/heif.h>

/// Calls heif_init once per process (libheif 1.13+ registers its codec plugins there).
void cc_heif_init(void);

/// Copies a libheif error's message into `msg` and maps its code to a status.
cc_status cc_heif_fail(struct heif_error e, char *msg, size_t msglen);

#endif
