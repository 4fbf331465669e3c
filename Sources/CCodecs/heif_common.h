// libheif helpers shared by the HEIF decoder and encoder.
#ifndef CC_HEIF_COMMON_H
#define CC_HEIF_COMMON_H

#include "heif_loader.h"

/// Copies a libheif error's message into `msg` and maps its code to a status.
cc_status cc_heif_fail(struct heif_error e, char *msg, size_t msglen);

#endif
