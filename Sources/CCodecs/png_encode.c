// PNG encoding from RGBA8 into a growing memory buffer: truecolour with text chunks, or a
// palette image quantised by libimagequant.
#include "png_common.h"
#include "imagequant_loader.h"
#include <stdlib.h>

typedef struct {
    uint8_t *data;
    size_t len, cap;
} png_sink;

static void write_fn(png_structp png, png_bytep buf, size_t count) {
    png_sink *sink = png_get_io_ptr(png);
    if (sink->len + count > sink->cap) {
        size_t cap = sink->cap ? sink->cap * 2 : 4096;
        while (cap < sink->len + count) cap *= 2;
        uint8_t *grown = realloc(sink->data, cap);
        if (!grown) png_error(png, "out of memory");
        sink->data = grown;
        sink->cap = cap;
    }
    memcpy(sink->data + sink->len, buf, count);
    sink->len += count;
}

static void flush_fn(png_structp png) { (void)png; }

static int is_ascii(const char *s) {
    for (; *s; s++) if ((unsigned char)*s >= 0x80) return 0;
    return 1;
}

cc_status cc_png_encode(const uint8_t *rgba, int width, int height,
                        const char *const *keys, const char *const *values, int count,
                        uint8_t **out, size_t *out_len, char *msg, size_t msglen) {
    png_sink sink = {NULL, 0, 0};
    cc_png_error err = {{0}};
    *out = NULL;
    *out_len = 0;
    if (width <= 0 || height <= 0) { cc_set_msg(msg, msglen, "empty image"); return CC_UNSUPPORTED; }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &err, cc_png_error_fn, cc_png_warning_fn);
    if (!png) return CC_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    png_text *volatile texts = NULL;
    if (!info) { png_destroy_write_struct(&png, NULL); return CC_NO_MEMORY; }
    if (setjmp(png_jmpbuf(png))) {
        cc_set_msg(msg, msglen, err.message);
        png_destroy_write_struct(&png, &info);
        free(sink.data);
        free(texts);
        return CC_CORRUPT;
    }
    int opaque = 1;
    size_t total = (size_t)width * height * 4;
    for (size_t i = 3; i < total; i += 4) if (rgba[i] != 255) { opaque = 0; break; }
    png_set_write_fn(png, &sink, write_fn, flush_fn);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (count > 0) {
        texts = calloc((size_t)count, sizeof(png_text));
        if (!texts) png_error(png, "out of memory");
        for (int i = 0; i < count; i++) {
            texts[i].key = (png_charp)keys[i];
            texts[i].text = (png_charp)values[i];
            texts[i].compression = is_ascii(values[i]) ? PNG_TEXT_COMPRESSION_NONE : PNG_ITXT_COMPRESSION_NONE;
        }
        png_set_text(png, info, texts, count);
    }
    png_write_info(png, info);
    if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER);  // drops the alpha bytes on write
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(texts);
    *out = sink.data;
    *out_len = sink.len;
    return CC_OK;
}

// The palette and indices are computed before libpng starts, so the setjmp below guards only
// libpng; `indices` is released on both paths.
static cc_status write_palette_png(const liq_palette *palette, uint8_t *indices, int width, int height,
                                   uint8_t **out, size_t *out_len, char *msg, size_t msglen) {
    png_sink sink = {NULL, 0, 0};
    cc_png_error err = {{0}};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &err, cc_png_error_fn, cc_png_warning_fn);
    if (!png) return CC_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); return CC_NO_MEMORY; }
    if (setjmp(png_jmpbuf(png))) {
        cc_set_msg(msg, msglen, err.message);
        png_destroy_write_struct(&png, &info);
        free(sink.data);
        return CC_CORRUPT;
    }
    int count = (int)palette->count;
    // The fewest bits per index that hold the palette: small palettes pack 2, 4 or 8 pixels a byte.
    int depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
    png_color colors[256];
    png_byte alphas[256];
    int transparent = 0;  // entries up to the last translucent one go in tRNS
    for (int i = 0; i < count; i++) {
        colors[i].red = palette->entries[i].r;
        colors[i].green = palette->entries[i].g;
        colors[i].blue = palette->entries[i].b;
        alphas[i] = palette->entries[i].a;
        if (alphas[i] != 255) transparent = i + 1;
    }
    png_set_write_fn(png, &sink, write_fn, flush_fn);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, depth, PNG_COLOR_TYPE_PALETTE,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_PLTE(png, info, colors, count);
    if (transparent > 0) png_set_tRNS(png, info, alphas, transparent, NULL);
    png_write_info(png, info);
    if (depth < 8) png_set_packing(png);
    for (int y = 0; y < height; y++) png_write_row(png, indices + (size_t)y * width);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = sink.data;
    *out_len = sink.len;
    return CC_OK;
}

cc_status cc_png_encode_palette(const uint8_t *rgba, int width, int height, int min_quality, float dithering,
                                uint8_t **out, size_t *out_len, int *quality, char *msg, size_t msglen) {
    *out = NULL;
    *out_len = 0;
    *quality = -1;
    if (width <= 0 || height <= 0) { cc_set_msg(msg, msglen, "empty image"); return CC_UNSUPPORTED; }
    const cc_liq_api *liq = cc_liq_api_get(msg, msglen);
    if (!liq) return CC_UNSUPPORTED;
    liq_attr *attr = liq->liq_attr_create();
    if (!attr) return CC_NO_MEMORY;
    liq_image *image = NULL;
    liq_result *result = NULL;
    uint8_t *indices = NULL;
    cc_status status = CC_OK;
    liq_error quantized = LIQ_OK;
    // Speed 8 of 10: a third of the default's time on 160x160 tiles (about 5 ms), at a cost in
    // closeness the kitty stage of mediapick-bench measures as invisible.
    liq->liq_set_speed(attr, 8);
    if (liq->liq_set_quality(attr, min_quality, 100) != LIQ_OK) {
        cc_set_msg(msg, msglen, "quality out of range");
        status = CC_UNSUPPORTED;
        goto done;
    }
    image = liq->liq_image_create_rgba(attr, rgba, width, height, 0);
    if (!image) { cc_set_msg(msg, msglen, "libimagequant refused the image"); status = CC_UNSUPPORTED; goto done; }
    quantized = liq->liq_image_quantize(image, attr, &result);
    if (quantized == LIQ_QUALITY_TOO_LOW) goto done;  // CC_OK with no output: the caller falls back
    if (quantized != LIQ_OK) {
        cc_set_msg(msg, msglen, "libimagequant failed to quantise");
        status = quantized == LIQ_OUT_OF_MEMORY ? CC_NO_MEMORY : CC_CORRUPT;
        goto done;
    }
    liq->liq_set_dithering_level(result, dithering);
    indices = malloc((size_t)width * height);
    if (!indices) { status = CC_NO_MEMORY; goto done; }
    if (liq->liq_write_remapped_image(result, image, indices, (size_t)width * height) != LIQ_OK) {
        cc_set_msg(msg, msglen, "libimagequant failed to remap");
        status = CC_CORRUPT;
        goto done;
    }
    *quality = liq->liq_get_quantization_quality(result);
    status = write_palette_png(liq->liq_get_palette(result), indices, width, height, out, out_len, msg, msglen);
    if (status != CC_OK) *quality = -1;
done:
    free(indices);
    if (result) liq->liq_result_destroy(result);
    if (image) liq->liq_image_destroy(image);
    liq->liq_attr_destroy(attr);
    return status;
}
