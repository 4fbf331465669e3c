// libimagequant loaded at run time: only kitty's palette pictures use it, and loading it
// (with libgomp, which it pulls in and whose constructor reads the CPU set) cost every
// process 0.2–0.35 ms of CPU. The header is kept for the types; calls go through the table.
#ifndef CC_IMAGEQUANT_LOADER_H
#define CC_IMAGEQUANT_LOADER_H

#include "cc_internal.h"
#include <dl_library.h>
#include <libimagequant.h>

/// The shared object opened on first use (libimagequant's soname in Debian 12's libimagequant0).
#define CC_LIQ_SONAME "libimagequant.so.0"

/// Every libimagequant function the codecs call; one list so the table and its loading cannot drift apart.
#define CC_LIQ_FUNCTIONS(X) \
    X(liq_attr_create) \
    X(liq_attr_destroy) \
    X(liq_set_speed) \
    X(liq_set_quality) \
    X(liq_image_create_rgba) \
    X(liq_image_quantize) \
    X(liq_set_dithering_level) \
    X(liq_write_remapped_image) \
    X(liq_get_quantization_quality) \
    X(liq_get_palette) \
    X(liq_result_destroy) \
    X(liq_image_destroy)

/// Pointers to libimagequant's functions, each field named after the function it holds.
typedef struct {
    CC_LIQ_FUNCTIONS(CC_DL_FIELD)
} cc_liq_api;

/// The process's libimagequant, loaded once (thread-safe); NULL when it cannot be loaded,
/// with the reason copied into `msg`.
const cc_liq_api *cc_liq_api_get(char *msg, size_t msglen);

#endif
