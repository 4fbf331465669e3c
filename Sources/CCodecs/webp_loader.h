// libwebp and libwebpdemux loaded at run time: only WebP work pays for them. Linked, the two
// cost every process — every `mediapick thumb` of a JPEG — about 0.25 ms of start-up
// (issue 14 §4). The headers are kept for the types; calls go through the tables below.
#ifndef CC_WEBP_LOADER_H
#define CC_WEBP_LOADER_H

#include "cc_internal.h"
#include <dl_library.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>

/// The shared objects opened on first use (the sonames of Debian 12's libwebp7 and libwebpdemux2).
#define CC_WEBP_SONAME "libwebp.so.7"
#define CC_WEBPDEMUX_SONAME "libwebpdemux.so.2"

/// Every libwebp function called. `WebPGetFeatures` and `WebPInitDecoderConfig` are inline
/// wrappers in the header: the table holds the functions they call, with the ABI version.
#define CC_WEBP_FUNCTIONS(X) \
    X(WebPGetDecoderVersion) \
    X(WebPGetFeaturesInternal) \
    X(WebPInitDecoderConfigInternal) \
    X(WebPDecode) \
    X(WebPFreeDecBuffer) \
    X(WebPEncodeRGBA) \
    X(WebPEncodeLosslessRGBA) \
    X(WebPFree)

/// Every libwebpdemux function called (`WebPDemux` is an inline wrapper of `WebPDemuxInternal`).
#define CC_WEBPDEMUX_FUNCTIONS(X) \
    X(WebPDemuxInternal) \
    X(WebPDemuxGetFrame) \
    X(WebPDemuxReleaseIterator) \
    X(WebPDemuxDelete)

/// Pointers to libwebp's functions, each field named after the function it holds.
typedef struct {
    CC_WEBP_FUNCTIONS(CC_DL_FIELD)
} cc_webp_api;
/// Pointers to libwebpdemux's functions.
typedef struct {
    CC_WEBPDEMUX_FUNCTIONS(CC_DL_FIELD)
} cc_webpdemux_api;

/// The process's libwebp, loaded once (thread-safe); NULL when it cannot be, with the reason in `msg`.
const cc_webp_api *cc_webp_api_get(char *msg, size_t msglen);
/// The process's libwebpdemux (animated WebP), as `cc_webp_api_get`.
const cc_webpdemux_api *cc_webpdemux_api_get(char *msg, size_t msglen);

#endif
