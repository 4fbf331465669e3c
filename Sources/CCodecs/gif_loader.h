// giflib loaded at run time: only GIF work pays for it (linked, it cost every process about
// 0.05 ms of start-up; issue 14 §4). The header is kept for the types; calls go through the table.
#ifndef CC_GIF_LOADER_H
#define CC_GIF_LOADER_H

#include "cc_internal.h"
#include <dl_library.h>
#include <gif_lib.h>

/// The shared object opened on first use (the soname of Debian 12's libgif7).
#define CC_GIF_SONAME "libgif.so.7"

/// Every giflib function called, by the decoder and by the demo's encoder.
#define CC_GIF_FUNCTIONS(X) \
    X(GifErrorString) \
    X(DGifOpen) \
    X(DGifCloseFile) \
    X(DGifGetRecordType) \
    X(DGifGetImageDesc) \
    X(DGifGetLine) \
    X(DGifGetExtension) \
    X(DGifGetExtensionNext) \
    X(DGifExtensionToGCB) \
    X(EGifOpen) \
    X(EGifCloseFile) \
    X(EGifSetGifVersion) \
    X(EGifPutScreenDesc) \
    X(EGifPutImageDesc) \
    X(EGifPutLine) \
    X(EGifPutExtension) \
    X(EGifGCBToExtension) \
    X(GifMakeMapObject) \
    X(GifFreeMapObject) \
    X(GifQuantizeBuffer)

/// Pointers to giflib's functions, each field named after the function it holds.
typedef struct {
    CC_GIF_FUNCTIONS(CC_DL_FIELD)
} cc_gif_api;

/// The process's giflib, loaded once (thread-safe); NULL when it cannot be, with the reason in `msg`.
const cc_gif_api *cc_gif_api_get(char *msg, size_t msglen);

#endif
