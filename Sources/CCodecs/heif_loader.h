// libheif loaded at run time: only HEIF/AVIF work pays for it (libheif pulls in libde265,
// x265, dav1d, aom… whose loading and constructors cost every process ~15 ms of CPU).
// The header is kept for the types; every call goes through the table below.
#ifndef CC_HEIF_LOADER_H
#define CC_HEIF_LOADER_H

#include "cc_internal.h"
#include <dl_library.h>
#include <libheif/heif.h>

/// The shared object opened on first use (libheif's ABI-stable soname).
#define CC_HEIF_SONAME "libheif.so.1"

/// Every libheif function the codecs call; one list so the table and its loading cannot drift apart.
#define CC_HEIF_FUNCTIONS(X) \
    X(heif_init) \
    X(heif_get_version) \
    X(heif_have_decoder_for_format) \
    X(heif_have_encoder_for_format) \
    X(heif_context_alloc) \
    X(heif_context_free) \
    X(heif_context_set_max_decoding_threads) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_get_encoder_for_format) \
    X(heif_context_encode_image) \
    X(heif_context_write) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_get_number_of_thumbnails) \
    X(heif_image_handle_get_list_of_thumbnail_IDs) \
    X(heif_image_handle_get_thumbnail) \
    X(heif_image_handle_release) \
    X(heif_decode_image) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_image_create) \
    X(heif_image_add_plane) \
    X(heif_image_get_plane) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) \
    X(heif_image_get_height) \
    X(heif_image_release) \
    X(heif_encoder_set_lossy_quality) \
    X(heif_encoder_set_parameter_string) \
    X(heif_encoder_release)

/// Pointers to libheif's functions, each field named after the function it holds.
typedef struct {
    CC_HEIF_FUNCTIONS(CC_DL_FIELD)
} cc_heif_api;

/// The process's libheif, loaded and initialised once (thread-safe); NULL when it cannot be
/// loaded, with the reason copied into `msg`.
const cc_heif_api *cc_heif_api_get(char *msg, size_t msglen);

#endif
