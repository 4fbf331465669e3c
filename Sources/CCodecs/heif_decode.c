// HEIF/HEIC/AVIF through libheif: the primary image, or its smallest thumbnail that
// still covers the target. libheif applies the irot/imir transformations itself, but for
// the untransformed decode the caller asks for when it turns the picture itself.
#include "heif_common.h"
#include <stdlib.h>

cc_status cc_heif_fail(struct heif_error e, char *msg, size_t msglen) {
    cc_set_msg(msg, msglen, e.message);
    // No decoder plugin for the picture's codec (HEVC, AV1) is the machine's lack, like a
    // library not installed, not the file's fault.
    if (e.code == heif_error_Plugin_loading_error ||
        (e.code == heif_error_Unsupported_feature && e.subcode == heif_suberror_Unsupported_codec)) return CC_NO_LIBRARY;
    switch (e.code) {
    case heif_error_Unsupported_filetype:
    case heif_error_Unsupported_feature:
        return CC_UNSUPPORTED;
    case heif_error_Memory_allocation_error: return CC_NO_MEMORY;
    default: break;
    }
    if (e.subcode == heif_suberror_End_of_data) return CC_TRUNCATED;
    return CC_CORRUPT;
}

static cc_status open_primary(const cc_heif_api *H, const uint8_t *data, size_t len, struct heif_context **ctx,
                              struct heif_image_handle **handle, char *msg, size_t msglen) {
    *handle = NULL;
    *ctx = H->heif_context_alloc();
    if (!*ctx) return CC_NO_MEMORY;
    // Grid tiles are decoded on the calling thread: callers already decode images in parallel.
    H->heif_context_set_max_decoding_threads(*ctx, 0);
    struct heif_error e = H->heif_context_read_from_memory_without_copy(*ctx, data, len, NULL);
    if (e.code == heif_error_Ok) e = H->heif_context_get_primary_image_handle(*ctx, handle);
    if (e.code != heif_error_Ok) {
        cc_status status = cc_heif_fail(e, msg, msglen);  // the message belongs to the context: copy it first
        H->heif_context_free(*ctx);
        *ctx = NULL;
        return status;
    }
    return CC_OK;
}

cc_status cc_heif_info(const uint8_t *data, size_t len, int *width, int *height, int *has_alpha,
                       char *msg, size_t msglen) {
    const cc_heif_api *H = cc_heif_api_get(msg, msglen);
    if (!H) return CC_NO_LIBRARY;
    struct heif_context *ctx;
    struct heif_image_handle *handle;
    cc_status status = open_primary(H, data, len, &ctx, &handle, msg, msglen);
    if (status != CC_OK) return status;
    *width = H->heif_image_handle_get_width(handle);
    *height = H->heif_image_handle_get_height(handle);
    *has_alpha = H->heif_image_handle_has_alpha_channel(handle);
    H->heif_image_handle_release(handle);
    H->heif_context_free(ctx);
    return CC_OK;
}

int cc_heif_can_decode(int av1) {
    const cc_heif_api *H = cc_heif_api_get(NULL, 0);
    return H && H->heif_have_decoder_for_format(av1 ? heif_compression_AV1 : heif_compression_HEVC);
}

// The smallest thumbnail that covers the target, or NULL.
static struct heif_image_handle *pick_thumbnail(const cc_heif_api *H, struct heif_image_handle *primary, int dw, int dh) {
    int n = H->heif_image_handle_get_number_of_thumbnails(primary);
    if (n <= 0 || n > 16) return NULL;
    heif_item_id ids[16];
    n = H->heif_image_handle_get_list_of_thumbnail_IDs(primary, ids, n);
    struct heif_image_handle *best = NULL;
    long best_area = 0;
    for (int i = 0; i < n; i++) {
        struct heif_image_handle *t = NULL;
        if (H->heif_image_handle_get_thumbnail(primary, ids[i], &t).code != heif_error_Ok) continue;
        int w = H->heif_image_handle_get_width(t), h = H->heif_image_handle_get_height(t);
        long area = (long)w * h;
        if (w >= dw && h >= dh && (!best || area < best_area)) {
            if (best) H->heif_image_handle_release(best);
            best = t;
            best_area = area;
        } else {
            H->heif_image_handle_release(t);
        }
    }
    return best;
}

// The primary image or a thumbnail, transformed by libheif; `untransformed`: the primary
// image's pixels as coded, none of its transformations (clap, irot, imir) applied.
static cc_status decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                        int untransformed, cc_image *out, char *msg, size_t msglen) {
    out->width = out->height = 0;
    out->pixels = NULL;
    const cc_heif_api *H = cc_heif_api_get(msg, msglen);
    if (!H) return CC_NO_LIBRARY;
    struct heif_context *ctx;
    struct heif_image_handle *handle;
    cc_status status = open_primary(H, data, len, &ctx, &handle, msg, msglen);
    if (status != CC_OK) return status;
    int sw = H->heif_image_handle_get_width(handle), sh = H->heif_image_handle_get_height(handle);
    if (cc_over_limit(sw, sh, pixel_limit) || sw <= 0 || sh <= 0) {
        H->heif_image_handle_release(handle);
        H->heif_context_free(ctx);
        if (sw <= 0 || sh <= 0) { cc_set_msg(msg, msglen, "the HEIF image has no size"); return CC_CORRUPT; }
        out->width = sw;
        out->height = sh;
        return CC_TOO_LARGE;
    }
    int dw, dh;
    cc_cover_size(sw, sh, target_w, target_h, &dw, &dh);
    // A thumbnail has transformations of its own, which the caller's do not describe.
    if (!untransformed && (dw < sw || dh < sh)) {
        struct heif_image_handle *thumb = pick_thumbnail(H, handle, dw, dh);
        if (thumb) { H->heif_image_handle_release(handle); handle = thumb; }
    }
    struct heif_image *img = NULL;
    struct heif_decoding_options *options = NULL;
    if (untransformed) {
        options = H->heif_decoding_options_alloc();
        if (!options) {
            H->heif_image_handle_release(handle);
            H->heif_context_free(ctx);
            return CC_NO_MEMORY;
        }
        options->ignore_transformations = 1;
    }
    struct heif_error e = H->heif_decode_image(handle, &img, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options);
    if (options) H->heif_decoding_options_free(options);
    H->heif_image_handle_release(handle);
    if (e.code != heif_error_Ok) {
        status = cc_heif_fail(e, msg, msglen);
        H->heif_context_free(ctx);
        return status;
    }
    int stride = 0;
    const uint8_t *plane = H->heif_image_get_plane_readonly(img, heif_channel_interleaved, &stride);
    int ow = H->heif_image_get_width(img, heif_channel_interleaved);
    int oh = H->heif_image_get_height(img, heif_channel_interleaved);
    if (!plane || ow <= 0 || oh <= 0 || stride < ow * 4) {
        status = CC_CORRUPT;
        cc_set_msg(msg, msglen, "libheif returned no RGBA plane");
    } else if (cc_over_limit(ow, oh, pixel_limit)) {
        // The coded image can be larger than its ispe box said (found by fuzzing).
        out->width = ow;
        out->height = oh;
        status = CC_TOO_LARGE;
    } else {
        cc_cover_size(ow, oh, target_w, target_h, &dw, &dh);
        status = cc_reduce_buffer(plane, ow, oh, (size_t)stride, dw, dh, out);
    }
    H->heif_image_release(img);
    H->heif_context_free(ctx);
    return status;
}

cc_status cc_heif_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                         cc_image *out, char *msg, size_t msglen) {
    return decode(data, len, target_w, target_h, pixel_limit, 0, out, msg, msglen);
}

cc_status cc_heif_decode_untransformed(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                                       cc_image *out, char *msg, size_t msglen) {
    return decode(data, len, target_w, target_h, pixel_limit, 1, out, msg, msglen);
}
