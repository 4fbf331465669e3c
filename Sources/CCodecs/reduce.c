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

struct cc_reducer {
    int sw, sh, dw, dh;
    int row;           // next source row
    int acc_row;       // destination row being accumulated
    int acc_rows;      // source rows in the accumulator
    int *col_of;       // destination column of each source column
    float *col_count;  // source columns per destination column
    float *acc;        // dw * 4: r*a, g*a, b*a, a (sRGB values 0...255)
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
    r->col_of = malloc(sizeof(int) * (size_t)sw);
    r->col_count = calloc((size_t)dw, sizeof(float));
    r->acc = calloc((size_t)dw * 4, sizeof(float));
    r->out = calloc((size_t)dw * dh, 4);
    if (!r->col_of || !r->col_count || !r->acc || !r->out) { cc_reducer_free(r); return NULL; }
    for (int x = 0; x < sw; x++) {
        int c = (int)((long)x * dw / sw);
        r->col_of[x] = c;
        r->col_count[c] += 1;
    }
    return r;
}

static void flush_row(cc_reducer *r) {
    if (r->acc_rows == 0) return;
    uint8_t *o = r->out + (size_t)r->acc_row * r->dw * 4;
    for (int c = 0; c < r->dw; c++) {
        float *a = r->acc + c * 4;
        float n = r->col_count[c] * (float)r->acc_rows;
        if (a[3] > 0) {
            float inv = 1.0f / a[3];
            for (int k = 0; k < 3; k++) {
                int v = (int)(a[k] * inv + 0.5f);
                o[k] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
            }
        } else {
            o[0] = o[1] = o[2] = 0;
        }
        long alpha = lroundf(a[3] / n * 255.0f);
        o[3] = (uint8_t)(alpha > 255 ? 255 : alpha < 0 ? 0 : alpha);
        o += 4;
    }
    memset(r->acc, 0, sizeof(float) * 4 * (size_t)r->dw);
    r->acc_rows = 0;
}

void cc_reducer_push(cc_reducer *r, const uint8_t *rgba) {
    if (r->row >= r->sh) return;
    if (r->dw == r->sw && r->dh == r->sh) {  // same size: a copy keeps the exact values
        memcpy(r->out + (size_t)r->row * r->sw * 4, rgba, (size_t)r->sw * 4);
        r->row++;
        return;
    }
    int target = (int)((long)r->row * r->dh / r->sh);
    if (target != r->acc_row) { flush_row(r); r->acc_row = target; }
    for (int x = 0; x < r->sw; x++, rgba += 4) {
        float *a = r->acc + r->col_of[x] * 4;
        uint8_t al = rgba[3];
        if (al == 255) {
            a[0] += rgba[0]; a[1] += rgba[1]; a[2] += rgba[2]; a[3] += 1.0f;
        } else if (al != 0) {
            float w = al * (1.0f / 255.0f);
            a[0] += rgba[0] * w; a[1] += rgba[1] * w; a[2] += rgba[2] * w; a[3] += w;
        }
    }
    r->acc_rows++;
    r->row++;
}

void cc_reducer_finish(cc_reducer *r, cc_image *out) {
    if (!(r->dw == r->sw && r->dh == r->sh)) flush_row(r);
    out->width = r->dw;
    out->height = r->dh;
    out->pixels = r->out;
    r->out = NULL;
}

void cc_reducer_free(cc_reducer *r) {
    if (!r) return;
    free(r->col_of);
    free(r->col_count);
    free(r->acc);
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
