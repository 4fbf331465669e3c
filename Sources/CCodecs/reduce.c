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
// blocks at 40x20). Areas are counted in whole units: source column x spans [x*dw, (x+1)*dw)
// and output column c spans [c*sw, (c+1)*sw); rows likewise with sh and dh.
//
// Rows are summed down first, byte times overlap into one float per source column and channel
// (whole numbers for opaque rows, exact while 255 * sh is below 2^24), a loop compilers vectorise; the
// columns of each finished output row are then summed across, four channels at a time, with
// the running sums of the two output columns a source column can touch kept in registers.
// Summing each source row across first, a loop per output column with a branch per pixel, as
// this file did until issue 14 §4, took a third longer for a 12 MP JPEG's 1/8 decode (500x375
// to 256x192: 0.65 ms, now 0.44) and half as long again for a 1000x750 one (1.85 ms, 1.27).
// A translucent row is premultiplied by its alpha first, into floats (bytes would round away
// the colour of nearly transparent pixels), so that its colour counts by its opacity.
typedef float f4 __attribute__((vector_size(16)));
typedef int32_t i4 __attribute__((vector_size(16)));

struct cc_reducer {
    int sw, sh, dw, dh;
    int row;           // next source row
    int acc_row;       // destination row whose source rows are summed in `cur`
    float *cur;        // sw * 4: per source column and channel, the rows of `acc_row` times their overlaps
    float *next;       // sw * 4: the same for `acc_row + 1` (the rest of a straddling row)
    float *premul;     // sw * 4: a translucent row, colour premultiplied by alpha
    int *col;          // per source column: the destination column it starts in
    float *share;      // ... its overlap with that column
    float *rest;       // ... and with the next (dw - share; 0 when it does not straddle)
    f4 *line;          // dw + 1: one destination row's sums (+1: a straddle past the end, always 0)
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

cc_reducer *cc_reducer_new(int sw, int sh, int dw, int dh) {
    if (sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0 || dw > sw || dh > sh) return NULL;
    cc_reducer *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->sw = sw; r->sh = sh; r->dw = dw; r->dh = dh;
    size_t n = (size_t)sw * 4;
    r->cur = calloc(n, sizeof(float));
    r->next = calloc(n, sizeof(float));
    r->premul = malloc(n * sizeof(float));
    r->col = malloc(sizeof(int) * (size_t)sw);
    r->share = malloc(sizeof(float) * (size_t)sw);
    r->rest = malloc(sizeof(float) * (size_t)sw);
    r->line = aligned_alloc(sizeof(f4), sizeof(f4) * ((size_t)dw + 1));
    r->out = calloc((size_t)dw * dh, 4);
    if (!r->cur || !r->next || !r->premul || !r->col || !r->share || !r->rest || !r->line || !r->out) {
        cc_reducer_free(r);
        return NULL;
    }
    for (int x = 0; x < sw; x++) {
        long lo = (long)x * dw, hi = lo + dw;  // in units of 1/sw of a destination column
        int c = (int)(lo / sw);
        long boundary = (long)(c + 1) * sw;
        long in = hi <= boundary ? dw : boundary - lo;
        r->col[x] = c;
        r->share[x] = (float)in;
        r->rest[x] = (float)(dw - in);
    }
    return r;
}

/// Writes destination row `acc_row` from `cur`, then makes `next` the sums of the row after.
static void flush_row(cc_reducer *r) {
    // Across: source column x adds to its column c and (its straddling rest) to c + 1. Columns
    // only ever advance by one, so the two running sums live in registers and shift along.
    const float *restrict cur = r->cur, *restrict share = r->share, *restrict rest = r->rest;
    const int *restrict col = r->col;
    f4 *restrict line = r->line;
    f4 in_c = {0, 0, 0, 0}, in_next = {0, 0, 0, 0};
    int c = 0;
    for (int x = 0, sw = r->sw; x < sw; x++) {
        i4 advance = (i4){0, 0, 0, 0} - (col[x] - c);  // all ones when x starts a new column
        in_c = (f4)(((i4)in_next & advance) | ((i4)in_c & ~advance));
        in_next = (f4)((i4)in_next & ~advance);
        c = col[x];
        f4 v;
        memcpy(&v, cur + (size_t)x * 4, sizeof v);
        in_c += v * share[x];
        in_next += v * rest[x];
        line[c] = in_c;
    }
    line[c + 1] = in_next;
    // A whole opaque destination pixel sums 255 * sw * sh in the alpha lane: colour is the sum
    // over alpha (times 255), coverage the alpha sum over that.
    float per_area = 1.0f / ((float)r->sw * (float)r->sh);
    uint8_t *o = r->out + (size_t)r->acc_row * r->dw * 4;
    for (int k = 0, dw = r->dw; k < dw; k++, o += 4) {
        f4 sum = line[k];
        float colour = sum[3] > 0 ? 255.0f / sum[3] : 0.0f;
        f4 v = sum * (f4){colour, colour, colour, per_area} + 0.5f;
        for (int j = 0; j < 4; j++) o[j] = (uint8_t)(v[j] >= 255.0f ? 255 : (int)v[j]);
    }
    float *done = r->cur;
    r->cur = r->next;
    r->next = done;
    memset(r->next, 0, sizeof(float) * 4 * (size_t)r->sw);
    r->acc_row++;
}

/// True when every pixel of the row has alpha 255 (one AND over the row, which vectorises).
static int row_is_opaque(const uint8_t *rgba, int n) {
    uint32_t all = 0xffffffffu;
    for (int i = 0; i < n; i++) {
        uint32_t v;
        memcpy(&v, rgba + (size_t)i * 4, 4);
        all &= v;
    }
    uint8_t bytes[4];
    memcpy(bytes, &all, 4);
    return bytes[3] == 255;
}

// The row sums are most of a large picture's reduction, and twice as wide a vector halves
// them: on x86-64, where the baseline build has only SSE2, the loader picks an AVX2 copy of
// these two loops on processors that have it (a 4000x3000 picture to 342x256: 15-19 ms, 8-13
// with the copy; best of ten, interleaved, issue 14 §4). Not under a sanitizer: the loader
// runs the choosing function before the sanitizer's runtime is up, and ThreadSanitizer's
// instrumentation of it crashes the process.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define CC_SANITIZED 1
#endif
#endif
#if defined(__x86_64__) && defined(__has_attribute) && !defined(CC_SANITIZED)
#if __has_attribute(target_clones)
#define VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef VECTOR_CLONES
#define VECTOR_CLONES
#endif

/// `sums += row * weight`, lane by lane, for an opaque row of bytes ...
VECTOR_CLONES
static void add_row(float *restrict sums, const uint8_t *restrict row, int n, float weight) {
    for (int i = 0; i < n; i++) sums[i] += (float)row[i] * weight;
}

/// ... and for a premultiplied translucent one.
VECTOR_CLONES
static void add_premultiplied_row(float *restrict sums, const float *restrict row, int n, float weight) {
    for (int i = 0; i < n; i++) sums[i] += row[i] * weight;
}

/// Adds a source row to the sums of its destination row, and to the next one's if it straddles.
static void add_to_rows(cc_reducer *r, const uint8_t *opaque, const float *premultiplied, float here, float after) {
    int n = r->sw * 4;
    if (opaque) {
        add_row(r->cur, opaque, n, here);
        if (after > 0) add_row(r->next, opaque, n, after);
    } else {
        add_premultiplied_row(r->cur, premultiplied, n, here);
        if (after > 0) add_premultiplied_row(r->next, premultiplied, n, after);
    }
}

void cc_reducer_push(cc_reducer *r, const uint8_t *rgba) {
    if (r->row >= r->sh) return;
    if (r->dw == r->sw && r->dh == r->sh) {  // same size: a copy keeps the exact values
        memcpy(r->out + (size_t)r->row * r->sw * 4, rgba, (size_t)r->sw * 4);
        r->row++;
        return;
    }
    long top = (long)r->row * r->dh, bottom = top + r->dh;  // in units of 1/sh of a destination row
    int dest = (int)(top / r->sh);
    while (r->acc_row < dest) flush_row(r);
    const uint8_t *opaque = rgba;
    if (!row_is_opaque(rgba, r->sw)) {
        for (int x = 0; x < r->sw; x++) {
            const uint8_t *s = rgba + (size_t)x * 4;
            float *d = r->premul + (size_t)x * 4, a = (float)s[3] * (1.0f / 255.0f);
            d[0] = s[0] * a; d[1] = s[1] * a; d[2] = s[2] * a; d[3] = (float)s[3];
        }
        opaque = NULL;
    }
    // This destination row's share, and for a straddling row the rest for the next.
    long boundary = (long)(dest + 1) * r->sh;
    if (bottom <= boundary) add_to_rows(r, opaque, r->premul, (float)r->dh, 0);
    else add_to_rows(r, opaque, r->premul, (float)(boundary - top), (float)(bottom - boundary));
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
    free(r->cur);
    free(r->next);
    free(r->premul);
    free(r->col);
    free(r->share);
    free(r->rest);
    free(r->line);
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
