// PNG encoding from RGBA8 into a growing memory buffer, with text chunks.
#include "png_common.h"
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
