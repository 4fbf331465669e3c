#include "png_unfilter.h"

// The predictor nearest to a + b - c, ties to a, then b (PNG's order), chosen without
// branches: the compiler turns the selections into conditional moves.
static inline int paeth(int a, int b, int c) {
    int p = b - c, q = a - c;
    int pa = p < 0 ? -p : p, pb = q < 0 ? -q : q, pc = p + q < 0 ? -(p + q) : p + q;
    int use_b = pb < pa;
    int best = use_b ? b : a, best_distance = use_b ? pb : pa;
    return pc < best_distance ? c : best;
}

// One body for every pixel size; the callers below fix `bpp` so that each common size gets
// its own loop with constant offsets.
static inline void unfilter(uint8_t *row, const uint8_t *prev, size_t n, size_t bpp, int filter) {
    size_t i;
    switch (filter) {
    case 1:
        for (i = bpp; i < n; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        break;
    case 2:
        for (i = 0; i < n; i++) row[i] = (uint8_t)(row[i] + prev[i]);
        break;
    case 3:
        for (i = 0; i < bpp && i < n; i++) row[i] = (uint8_t)(row[i] + (prev[i] >> 1));
        for (; i < n; i++) row[i] = (uint8_t)(row[i] + ((row[i - bpp] + prev[i]) >> 1));
        break;
    case 4:
        for (i = 0; i < bpp && i < n; i++) row[i] = (uint8_t)(row[i] + prev[i]);
        for (; i < n; i++) row[i] = (uint8_t)(row[i] + paeth(row[i - bpp], prev[i], prev[i - bpp]));
        break;
    default:
        break;
    }
}

int cc_png_unfilter(uint8_t *row, const uint8_t *prev, size_t n, size_t bpp, int filter) {
    if (filter < 0 || filter > 4) return -1;
    switch (bpp) {
    case 1: unfilter(row, prev, n, 1, filter); break;
    case 3: unfilter(row, prev, n, 3, filter); break;
    case 4: unfilter(row, prev, n, 4, filter); break;
    default: unfilter(row, prev, n, bpp, filter); break;
    }
    return 0;
}
