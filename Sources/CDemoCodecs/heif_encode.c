// HEIC encoding from RGBA8 through libheif and its HEVC encoder plugin (x265). Whether
// such a plugin exists is a property of the installed libheif, so it is asked at run time.
// CCodecs' libheif loader: libheif is opened at run time, once, for decoding and encoding alike.
#include "../CCodecs/heif_common.h"
#include "include/cc_demo_encoders.h"
#include <stdlib.h>

typedef struct {
    uint8_t *data;
    size_t len;
} heif_sink;

// libheif's writer hands the whole file over in one call.
static struct heif_error write_fn(struct heif_context *ctx, const void *data, size_t size, void *userdata) {
    (void)ctx;
    heif_sink *sink = userdata;
    struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "ok"};
    struct heif_error no_memory = {heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory"};
    if (size == 0) return ok;
    uint8_t *grown = realloc(sink->data, sink->len + size);
    if (!grown) return no_memory;
    memcpy(grown + sink->len, data, size);
    sink->data = grown;
    sink->len += size;
    return ok;
}

int cc_heif_can_encode(void) {
    const cc_heif_api *H = cc_heif_api_get(NULL, 0);
    return H && H->heif_have_encoder_for_format(heif_compression_HEVC);
}

// A heif_image holding the pixels: RGB when every pixel is opaque, else RGBA.
static struct heif_error make_image(const cc_heif_api *H, const uint8_t *rgba, int width, int height, struct heif_image **image) {
    size_t n = (size_t)width * height;
    int opaque = 1;
    for (size_t i = 0; i < n && opaque; i++) opaque = rgba[i * 4 + 3] == 255;
    struct heif_error e = H->heif_image_create(width, height, heif_colorspace_RGB,
                                               opaque ? heif_chroma_interleaved_RGB : heif_chroma_interleaved_RGBA, image);
    if (e.code == heif_error_Ok) e = H->heif_image_add_plane(*image, heif_channel_interleaved, width, height, 8);
    if (e.code != heif_error_Ok) return e;
    int stride = 0;
    uint8_t *plane = H->heif_image_get_plane(*image, heif_channel_interleaved, &stride);
    int channels = opaque ? 3 : 4;
    for (int y = 0; y < height; y++) {
        const uint8_t *src = rgba + (size_t)y * width * 4;
        uint8_t *dst = plane + (size_t)y * stride;
        if (!opaque) { memcpy(dst, src, (size_t)width * 4); continue; }
        for (int x = 0; x < width; x++) memcpy(dst + x * channels, src + x * 4, 3);
    }
    return e;
}

cc_status cc_heif_encode(const uint8_t *rgba, int width, int height, int quality, const char *preset,
                         uint8_t **out, size_t *out_len, char *msg, size_t msglen) {
    *out = NULL;
    *out_len = 0;
    if (width <= 0 || height <= 0 || width > 16384 || height > 16384) {
        cc_set_msg(msg, msglen, "HEIC sizes here are 1 to 16384 pixels");
        return CC_UNSUPPORTED;
    }
    const cc_heif_api *H = cc_heif_api_get(msg, msglen);
    if (!H) return CC_UNSUPPORTED;
    if (!H->heif_have_encoder_for_format(heif_compression_HEVC)) {
        cc_set_msg(msg, msglen, "this libheif has no HEVC encoder (install libheif's x265 plugin)");
        return CC_UNSUPPORTED;
    }
    struct heif_context *ctx = H->heif_context_alloc();
    if (!ctx) return CC_NO_MEMORY;
    struct heif_encoder *encoder = NULL;
    struct heif_image *image = NULL;
    struct heif_image_handle *handle = NULL;
    heif_sink sink = {NULL, 0};
    struct heif_error e = H->heif_context_get_encoder_for_format(ctx, heif_compression_HEVC, &encoder);
    if (e.code == heif_error_Ok)
        e = H->heif_encoder_set_lossy_quality(encoder, quality < 0 ? 0 : quality > 100 ? 100 : quality);
    if (e.code == heif_error_Ok && preset) e = H->heif_encoder_set_parameter_string(encoder, "preset", preset);
    if (e.code == heif_error_Ok) e = make_image(H, rgba, width, height, &image);
    if (e.code == heif_error_Ok) e = H->heif_context_encode_image(ctx, image, encoder, NULL, &handle);
    if (e.code == heif_error_Ok) {
        struct heif_writer writer = {1, write_fn};
        e = H->heif_context_write(ctx, &writer, &sink);
    }
    // The message may belong to the context or encoder: copy it before they are freed.
    cc_status status = e.code == heif_error_Ok ? CC_OK : cc_heif_fail(e, msg, msglen);
    if (e.code == heif_error_Ok && sink.len == 0) status = CC_NO_MEMORY;
    H->heif_image_handle_release(handle);
    H->heif_image_release(image);
    H->heif_encoder_release(encoder);
    H->heif_context_free(ctx);
    if (status != CC_OK) { free(sink.data); return status; }
    *out = sink.data;
    *out_len = sink.len;
    return CC_OK;
}
