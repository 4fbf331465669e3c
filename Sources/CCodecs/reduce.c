// Box reduction of sRGB values, fed row by row; the alpha channel weights the colour.
//
// The averages are of sRGB values, not of linear light: the cell-art renderer samples this
// image by averaging sRGB values, and so do chafa and the score it is compared with
// (artscore.py, PIL). A linear-light intermediate brightened dark detail (foliage, text,
// night scenes) against that reference before the renderer saw it, and cost most of the
// lost comparisons on the wide quality set (issue 14; docs/performance.md).
#include "cc_internal.h"
#include <math.h>
#include <stdlib.h>

// The filter weighs every source pixel by the area it shares with each output pixel. At a
// ratio that is not a whole number a source pixel straddles two output pixels and is split
// between them by area; handing it whole to one of them (as this file once did) gives output
// pixels of one or two source pixels at 1.64x, spaced unevenly: a jittered, aliased picture
// that the renderer's own box filter then blurred into lost comparisons (issue 14, half
// blocks at 40x20). Areas are counted in exact integer units: source pixel x spans
// [x*dw, (x+1)*dw) and output pixel c spans [c*sw, (c+1)*sw).
struct cc_reducer {
    int sw, sh, dw, dh;
    int row;           // next source row
    int acc_row;       // destination row being accumulated in `acc`
    int *first;        // per destination column: the first source column wholly inside it
    int *end;          // ... one past the last; source column `end` straddles into the next
    float *share;      // ... the share of column `end` that falls in this one (0: none straddles)
    float *line;       // dw * 4: a straddling source row filtered horizontally
    float *acc;        // dw * 4: r*a, g*a, b*a, a (sRGB values 0...255), destination row `acc_row`
    float *next;       // dw * 4: the share of straddling rows that belongs to row `acc_row + 1`
    uint8_t *out;      // dw * dh * 4
};

void cc_cover_size(int sw, int sh, int tw, int th, int *dw, int *dh) {
    double scale = 0;
    if (tw > 0 && sw > 0) scale = (double)tw / sw;
    if (th > 0 && sh > 0 && (double)th / sh > scale) scale = (double)th / sh;
    if (scale <= 0 || scale >= 1) { *dw = sw; *dh = sh; return; }
    int w = (int)ceil(sw * scale - 1e-9), h = (int)ceil(sh * scale - 1e-9);
    *dw = w < 1 ? 1 : w > sw ? sw : w;
    *dh = h < 1 ? 1 : h > sh ? sh : h;
}

int cc_scale_eighths(int sw, int sh, int dw, int dh) {
    if (dw >= sw && dh >= sh) return 8;
    for (int m = 1; m < 8; m++) {
        long ow = ((long)sw * m + 7) / 8, oh = ((long)sh * m + 7) / 8;
        // "About twice": at least 1.4x, so a 12 MP photo for a 256-px target decodes at 1/8
        // (1.46x) like `djpeg -scale 1/8`; the box filter does the last step.
        if (ow * 10 >= 14L * dw && oh * 10 >= 14L * dh) return m;
    }
    return 8;
}

/// The share of source index `i` (of `s`, reduced to `d <= s`) that falls in the destination
/// index it starts in (1 when it does not straddle two).
static float row_share(long i, long s, long d) {
    long boundary = (i * d / s + 1) * s;
    return (i + 1) * d <= boundary ? 1.0f : (float)(boundary - i * d) / (float)d;
}

cc_reducer *cc_reducer_new(int sw, int sh, int dw, int dh) {
    if (sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0 || dw > sw || dh > sh) return NULL;
    cc_reducer *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->sw = sw; r->sh = sh; r->dw = dw; r->dh = dh;
    r->first = malloc(sizeof(int) * (size_t)dw);
    r->end = malloc(sizeof(int) * (size_t)dw);
    r->share = malloc(sizeof(float) * (size_t)dw);
    r->line = calloc((size_t)dw * 4, sizeof(float));
    r->acc = calloc((size_t)dw * 4, sizeof(float));
    r->next = calloc((size_t)dw * 4, sizeof(float));
    r->out = calloc((size_t)dw * dh, 4);
    if (!r->first || !r->end || !r->share || !r->line || !r->acc || !r->next || !r->out) { cc_reducer_free(r); return NULL; }
    for (int c = 0; c < dw; c++) {
        long lo = (long)c * sw, hi = (long)(c + 1) * sw;  // in units of 1/dw source pixel
        r->first[c] = (int)((lo + dw - 1) / dw);
        r->end[c] = (int)(hi / dw);
        r->share[c] = hi % dw ? (float)(hi - (long)r->end[c] * dw) / (float)dw : 0.0f;
    }
    return r;
}

/// Writes `acc` as destination row `acc_row`, then makes `next` the accumulator of the row after.
static void flush_row(cc_reducer *r) {
    // Every destination pixel covers sw/dw x sh/dh source pixels: the area alpha is measured against.
    float area = (float)r->sw / (float)r->dw * (float)r->sh / (float)r->dh;
    uint8_t *o = r->out + (size_t)r->acc_row * r->dw * 4;
    for (int c = 0; c < r->dw; c++) {
        float *a = r->acc + c * 4;
        if (a[3] > 0) {
            float inv = 1.0f / a[3];
            for (int k = 0; k < 3; k++) {
                int v = (int)(a[k] * inv + 0.5f);
                o[k] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
            }
        } else {
            o[0] = o[1] = o[2] = 0;
        }
        // Coverage is never negative: adding one half and truncating rounds as lroundf does,
        // without a call into libm for every pixel (0.15 ms of a 16x8 JPEG thumbnail's 25).
        int alpha = (int)(a[3] / area * 255.0f + 0.5f);
        o[3] = (uint8_t)(alpha > 255 ? 255 : alpha);
        o += 4;
    }
    float *done = r->acc;
    r->acc = r->next;
    r->next = done;
    memset(r->next, 0, sizeof(float) * 4 * (size_t)r->dw);
    r->acc_row++;
}

void cc_reducer_push(cc_reducer *r, const uint8_t *rgba) {
    if (r->row >= r->sh) return;
    if (r->dw == r->sw && r->dh == r->sh) {  // same size: a copy keeps the exact values
        memcpy(r->out + (size_t)r->row * r->sw * 4, rgba, (size_t)r->sw * 4);
        r->row++;
        return;
    }
    while (r->acc_row < (int)((long)r->row * r->dh / r->sh)) flush_row(r);
    float share = row_share(r->row, r->sh, r->dh);
    // A row inside one destination row goes straight into it; a straddling one is split after.
    float *dst = share == 1.0f ? r->acc : r->line;
    if (dst == r->line) memset(dst, 0, sizeof(float) * 4 * (size_t)r->dw);

    // Horizontal pass: the whole pixels of each destination column summed in registers, then
    // the one that straddles into the next column split by area. Colour is weighted by alpha.
    for (int c = 0; c < r->dw; c++) {
        // Opaque pixels in integers (no float latency chain), translucent ones in floats.
        uint32_t i0 = 0, i1 = 0, i2 = 0, opaque = 0;
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        const uint8_t *p = rgba + (size_t)r->first[c] * 4, *e = rgba + (size_t)r->end[c] * 4;
        for (; p < e; p += 4) {
            unsigned al = p[3];
            if (al == 255) {
                i0 += p[0]; i1 += p[1]; i2 += p[2]; opaque++;
            } else if (al != 0) {
                float w = (float)al * (1.0f / 255.0f);
                s0 += p[0] * w; s1 += p[1] * w; s2 += p[2] * w; s3 += w;
            }
        }
        float *a = dst + c * 4;
        a[0] += (float)i0 + s0; a[1] += (float)i1 + s1; a[2] += (float)i2 + s2; a[3] += (float)opaque + s3;
        float part = r->share[c];
        if (part > 0 && e[3] != 0) {
            float w = (float)e[3] * (1.0f / 255.0f), rest = 1.0f - part;
            float v0 = e[0] * w, v1 = e[1] * w, v2 = e[2] * w;
            a[0] += v0 * part; a[1] += v1 * part; a[2] += v2 * part; a[3] += w * part;
            a[4] += v0 * rest; a[5] += v1 * rest; a[6] += v2 * rest; a[7] += w * rest;
        }
    }
    // Vertical pass of a straddling row: this destination row's share, and the rest for the next.
    if (dst == r->line) {
        float rest = 1.0f - share;
        int n = r->dw * 4;
        for (int i = 0; i < n; i++) { r->acc[i] += dst[i] * share; r->next[i] += dst[i] * rest; }
    }
    r->row++;
}

void cc_reducer_finish(cc_reducer *r, cc_image *out) {
    if (!(r->dw == r->sw && r->dh == r->sh)) while (r->acc_row < r->dh) flush_row(r);
    out->width = r->dw;
    out->height = r->dh;
    out->pixels = r->out;
    r->out = NULL;
}

void cc_reducer_free(cc_reducer *r) {
    if (!r) return;
    free(r->first);
    free(r->end);
    free(r->share);
    free(r->line);
    free(r->acc);
    free(r->next);
    free(r->out);
    free(r);
}

cc_status cc_reduce_buffer(const uint8_t *rgba, int sw, int sh, size_t stride, int dw, int dh, cc_image *out) {
    cc_reducer *r = cc_reducer_new(sw, sh, dw, dh);
    if (!r) return CC_NO_MEMORY;
    for (int y = 0; y < sh; y++) cc_reducer_push(r, rgba + (size_t)y * stride);
    cc_reducer_finish(r, out);
    cc_reducer_free(r);
    return CC_OK;
}

void cc_image_free(cc_image *image) {
    if (!image) return;
    free(image->pixels);
    image->pixels = NULL;
}

void cc_free(void *buffer) { free(buffer); }
