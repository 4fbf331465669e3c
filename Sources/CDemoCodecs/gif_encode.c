// GIF encoding from RGBA8 through giflib: one frame, a global palette, and pixels with
// alpha below 128 mapped to a reserved transparent index named by a Graphics Control
// Extension. Images of at most 256 colours (255 with transparency) keep their colours
// exactly; others are reduced by giflib's median-cut GifQuantizeBuffer.
// CCodecs' internal helpers (message buffer, status): this target is its demo-only extension.
#include "../CCodecs/cc_internal.h"
#include "include/cc_demo_encoders.h"
#include "../CCodecs/gif_loader.h"
#include <stdlib.h>

typedef struct {
    uint8_t *data;
    size_t len, cap;
} gif_sink;

// giflib's OutputFunc: appends to the sink; a short count makes giflib report a write error.
static int write_fn(GifFileType *gif, const GifByteType *buf, int count) {
    gif_sink *sink = gif->UserData;
    if (sink->len + (size_t)count > sink->cap) {
        size_t cap = sink->cap ? sink->cap * 2 : 4096;
        while (cap < sink->len + (size_t)count) cap *= 2;
        uint8_t *grown = realloc(sink->data, cap);
        if (!grown) return 0;
        sink->data = grown;
        sink->cap = cap;
    }
    memcpy(sink->data + sink->len, buf, (size_t)count);
    sink->len += (size_t)count;
    return count;
}

// An exact palette of the opaque pixels when they have at most `max` colours: fills
// `colors` and `indices`, returns the count, or -1 when there are more colours.
static int exact_palette(const uint8_t *rgba, size_t n, int max, GifColorType *colors, uint8_t *indices) {
    enum { SLOTS = 1024 };  // open addressing, at most 256 of 1024 slots used
    uint32_t keys[SLOTS];
    int16_t slots[SLOTS];
    memset(slots, -1, sizeof slots);
    int count = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = rgba + i * 4;
        if (p[3] < 128) continue;
        uint32_t key = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        uint32_t h = (key * 2654435761u) >> 22;
        while (slots[h] >= 0 && keys[h] != key) h = (h + 1) & (SLOTS - 1);
        if (slots[h] < 0) {
            if (count == max) return -1;
            keys[h] = key;
            slots[h] = (int16_t)count;
            colors[count] = (GifColorType){p[0], p[1], p[2]};
            count++;
        }
        indices[i] = (uint8_t)slots[h];
    }
    return count;
}

// Median-cut through giflib. Transparent pixels take the first opaque pixel's colour so
// that they add no colour of their own (their index is replaced afterwards).
static cc_status quantized_palette(const cc_gif_api *G, const uint8_t *rgba, size_t n, int width, int height, int max,
                                   GifColorType *colors, uint8_t *indices, int *count) {
    uint8_t *planes = malloc(n * 3);
    if (!planes) return CC_NO_MEMORY;
    const uint8_t *fill = NULL;
    for (size_t i = 0; i < n && !fill; i++) if (rgba[i * 4 + 3] >= 128) fill = rgba + i * 4;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = rgba[i * 4 + 3] >= 128 || !fill ? rgba + i * 4 : fill;
        planes[i] = p[0];
        planes[n + i] = p[1];
        planes[2 * n + i] = p[2];
    }
    *count = max;
    int ok = G->GifQuantizeBuffer((unsigned)width, (unsigned)height, count, planes, planes + n, planes + 2 * n,
                               indices, colors);
    free(planes);
    return ok == GIF_OK ? CC_OK : CC_NO_MEMORY;
}

cc_status cc_gif_encode(const uint8_t *rgba, int width, int height,
                        uint8_t **out, size_t *out_len, char *msg, size_t msglen) {
    *out = NULL;
    *out_len = 0;
    if (width <= 0 || height <= 0 || width > 65535 || height > 65535) {
        cc_set_msg(msg, msglen, "GIF sizes are 1 to 65535 pixels");
        return CC_UNSUPPORTED;
    }
    const cc_gif_api *G = cc_gif_api_get(msg, msglen);
    if (!G) return CC_UNSUPPORTED;
    size_t n = (size_t)width * height;
    int transparent = 0;
    for (size_t i = 0; i < n && !transparent; i++) transparent = rgba[i * 4 + 3] < 128;
    int max = transparent ? 255 : 256;
    GifColorType colors[256];
    memset(colors, 0, sizeof colors);
    uint8_t *indices = calloc(n, 1);
    if (!indices) return CC_NO_MEMORY;
    int count = exact_palette(rgba, n, max, colors, indices);
    if (count < 0) {
        cc_status s = quantized_palette(G, rgba, n, width, height, max, colors, indices, &count);
        if (s != CC_OK) { free(indices); cc_set_msg(msg, msglen, "GIF quantisation failed"); return s; }
    }
    int key = -1;
    if (transparent) {
        key = count++;
        for (size_t i = 0; i < n; i++) if (rgba[i * 4 + 3] < 128) indices[i] = (uint8_t)key;
    }
    int size = 2;  // GIF palettes hold a power of two entries, at least 2
    while (size < count) size *= 2;
    ColorMapObject *map = G->GifMakeMapObject(size, colors);
    gif_sink sink = {NULL, 0, 0};
    int error = 0;
    GifFileType *gif = map ? G->EGifOpen(&sink, write_fn, &error) : NULL;
    if (!gif) {
        G->GifFreeMapObject(map);
        free(indices);
        cc_set_msg(msg, msglen, map ? G->GifErrorString(error) : "out of memory");
        return CC_NO_MEMORY;
    }
    G->EGifSetGifVersion(gif, true);
    int ok = G->EGifPutScreenDesc(gif, width, height, 8, 0, map) == GIF_OK;
    if (ok && key >= 0) {
        GraphicsControlBlock gcb = {DISPOSAL_UNSPECIFIED, false, 0, key};
        GifByteType extension[4];
        size_t length = G->EGifGCBToExtension(&gcb, extension);
        ok = G->EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) == GIF_OK;
    }
    ok = ok && G->EGifPutImageDesc(gif, 0, 0, width, height, false, NULL) == GIF_OK;
    for (int y = 0; ok && y < height; y++) ok = G->EGifPutLine(gif, indices + (size_t)y * width, width) == GIF_OK;
    if (!ok) error = gif->Error;
    int closed = G->EGifCloseFile(gif, ok ? &error : NULL) == GIF_OK;
    G->GifFreeMapObject(map);
    free(indices);
    if (!ok || !closed) {
        cc_set_msg(msg, msglen, G->GifErrorString(error));
        free(sink.data);
        return error == E_GIF_ERR_NOT_ENOUGH_MEM || error == E_GIF_ERR_WRITE_FAILED ? CC_NO_MEMORY : CC_CORRUPT;
    }
    *out = sink.data;
    *out_len = sink.len;
    return CC_OK;
}
