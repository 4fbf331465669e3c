// The ways of decoding a big PNG to a thumbnail that Debian offers, timed side by side as
// ratios to zlib's inflate of the image data alone (how issue 14 chose ISA-L; see
// docs/performance.md). Built and run by scripts/png-candidates; not part of mediapick.
// Round-robin runs (one of each per round), median and best per candidate.
#include "CCodecs.h"
#include "png_unfilter.h"
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <png.h>
#include <spng.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static const uint8_t *file;
static size_t file_len;
static uint8_t *idat;  // the IDAT chunks' data joined: the zlib stream
static size_t idat_len, raw_len, raw_cap;
static uint32_t width, height;
static int depth, color, interlaced;
static uint8_t *raw;  // libdeflate's whole-buffer output
static volatile size_t sink;
enum { TW = 256, TH = 256, OUT = 65536 };

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

static void fail(const char *what) { fprintf(stderr, "png-candidates: %s\n", what); exit(1); }

static void read_chunks(void) {
    idat = malloc(file_len);
    for (size_t pos = 8; pos + 12 <= file_len;) {
        uint32_t len = be32(file + pos);
        if (len > file_len - pos - 12) break;
        const uint8_t *type = file + pos + 4, *data = file + pos + 8;
        if (!memcmp(type, "IHDR", 4)) {
            width = be32(data); height = be32(data + 4); depth = data[8]; color = data[9]; interlaced = data[12];
        }
        if (!memcmp(type, "IDAT", 4)) { memcpy(idat + idat_len, data, len); idat_len += len; }
        pos += 12 + len;
    }
}

static cc_reducer *new_reducer(void) {
    int dw, dh;
    cc_cover_size((int)width, (int)height, TW, TH, &dw, &dh);
    return cc_reducer_new((int)width, (int)height, dw, dh);
}

static void finish(cc_reducer *r) {
    cc_image out;
    cc_reducer_finish(r, &out);
    sink += (size_t)out.width;
    cc_image_free(&out);
    cc_reducer_free(r);
}

// --- inflate alone ---

static void zlib_inflate(int window_bits, size_t skip) {
    static uint8_t out[OUT];
    z_stream z = {0};
    inflateInit2(&z, window_bits);
    z.next_in = idat + skip;
    z.avail_in = (uInt)(idat_len - skip);
    int status;
    do { z.next_out = out; z.avail_out = OUT; status = inflate(&z, Z_NO_FLUSH); } while (status == Z_OK);
    if (status != Z_STREAM_END) fail("zlib: not a whole stream");
    sink += z.total_out;
    inflateEnd(&z);
}
static void zlib_checked(void) { zlib_inflate(15, 0); }
static void zlib_raw(void) { zlib_inflate(-15, 2); }  // raw deflate after the header: no Adler-32

static void libdeflate_into(uint8_t *out) {
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    size_t got;
    if (libdeflate_zlib_decompress(d, idat, idat_len, out, raw_cap, &got) != LIBDEFLATE_SUCCESS) fail("libdeflate");
    sink += got;
    libdeflate_free_decompressor(d);
}
static void libdeflate_prealloc(void) { libdeflate_into(raw); }
static void libdeflate_malloc(void) { uint8_t *b = malloc(raw_cap); libdeflate_into(b); free(b); }

static void isal_inflate_with(int crc_flag) {
    static uint8_t out[OUT];
    static struct inflate_state st;
    isal_inflate_init(&st);
    st.crc_flag = (uint32_t)crc_flag;
    size_t skip = crc_flag == ISAL_DEFLATE ? 2 : 0;
    st.next_in = idat + skip;
    st.avail_in = (uint32_t)(idat_len - skip);
    while (st.block_state != ISAL_BLOCK_FINISH) {
        st.next_out = out;
        st.avail_out = OUT;
        if (isal_inflate(&st) < 0) fail("ISA-L");
    }
    sink += st.total_out;
}
static void isal_checked(void) { isal_inflate_with(ISAL_ZLIB); }
static void isal_unchecked(void) { isal_inflate_with(ISAL_DEFLATE); }

// --- whole decoders ---

typedef struct { const uint8_t *p; size_t left; } reader;
static void read_fn(png_structp png, png_bytep buf, size_t n) {
    reader *r = png_get_io_ptr(png);
    if (n > r->left) png_error(png, "short");
    memcpy(buf, r->p, n); r->p += n; r->left -= n;
}

// libpng + zlib, RGBA rows (the decoder before ISA-L), optionally into the reducer.
static void libpng_rows(int checks, int reduce) {
    reader rd = {file, file_len};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) fail("libpng");
    png_set_read_fn(png, &rd, read_fn);
    if (!checks) {
        png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_WARN_DISCARD);
        png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    }
    png_read_info(png, info);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    uint8_t *row = malloc(png_get_rowbytes(png, info));
    cc_reducer *r = reduce ? new_reducer() : NULL;
    for (uint32_t y = 0; y < height; y++) {
        png_read_row(png, row, NULL);
        if (r) cc_reducer_push(r, row);
    }
    png_destroy_read_struct(&png, &info, NULL);
    if (r) finish(r);
    free(row);
}
static void libpng_checked(void) { libpng_rows(1, 1); }
static void libpng_unchecked(void) { libpng_rows(0, 1); }
static void libpng_no_reduce(void) { libpng_rows(0, 0); }

static void spng_rows(int checks) {
    spng_ctx *c = spng_ctx_new(checks ? 0 : SPNG_CTX_IGNORE_ADLER32);
    if (!checks) spng_set_crc_action(c, SPNG_CRC_USE, SPNG_CRC_USE);
    spng_set_png_buffer(c, file, file_len);
    if (spng_decode_image(c, NULL, 0, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS | SPNG_DECODE_PROGRESSIVE)) fail("libspng");
    size_t stride = (size_t)width * 4;
    uint8_t *row = malloc(stride);
    cc_reducer *r = new_reducer();
    int e;
    do {
        e = spng_decode_row(c, row, stride);
        if (e == 0 || e == SPNG_EOI) cc_reducer_push(r, row);
    } while (e == 0);
    if (e != SPNG_EOI) fail(spng_strerror(e));
    spng_ctx_free(c);
    finish(r);
    free(row);
}
static void spng_checked(void) { spng_rows(1); }
static void spng_unchecked(void) { spng_rows(0); }

// mediapick's unfilter (png_unfilter.c) on libdeflate's whole buffer (8-bit RGB or RGBA, not interlaced).
static void libdeflate_own_unfilter(void) {
    uint8_t *buf = malloc(raw_cap);
    libdeflate_into(buf);
    size_t bpp = color == 6 ? 4 : 3, n = width * bpp;
    uint8_t *zero = calloc(n, 1), *rgba = malloc((size_t)width * 4);
    cc_reducer *r = new_reducer();
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *line = buf + y * (n + 1);
        if (cc_png_unfilter(line + 1, y ? line - n : zero, n, bpp, line[0]) != 0) fail("bad filter type");
        for (uint32_t x = 0; x < width; x++) {
            memcpy(rgba + 4 * x, line + 1 + bpp * x, 3);
            rgba[4 * x + 3] = bpp == 4 ? line[1 + bpp * x + 3] : 255;
        }
        cc_reducer_push(r, rgba);
    }
    finish(r);
    free(buf); free(zero); free(rgba);
}

static void mediapick_decode(void) {
    cc_image out;
    char msg[200];
    if (cc_png_decode(file, file_len, TW, TH, 0, &out, msg, sizeof msg) != CC_OK) fail(msg);
    sink += (size_t)out.width;
    cc_image_free(&out);
}

static uint8_t *rows_rgba;  // 64 decoded rows, cycled: the reducer's share alone
static void reduce_alone(void) {
    cc_reducer *r = new_reducer();
    for (uint32_t y = 0; y < height; y++) cc_reducer_push(r, rows_rgba + (size_t)(y % 64) * width * 4);
    finish(r);
}

typedef struct { const char *name; void (*run)(void); int rgb_only; double *t; } candidate;

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 2) fail("usage: png-candidates FILE.png [RUNS]");
    FILE *f = fopen(argv[1], "rb");
    if (!f) fail("cannot open the file");
    fseek(f, 0, SEEK_END);
    file_len = (size_t)ftell(f);
    rewind(f);
    uint8_t *bytes = malloc(file_len);
    if (fread(bytes, 1, file_len, f) != file_len) fail("short read");
    fclose(f);
    file = bytes;
    read_chunks();
    int runs = argc > 2 ? atoi(argv[2]) : 9;
    int channels = color == 6 ? 4 : color == 2 ? 3 : color == 4 ? 2 : 1;
    raw_len = (size_t)height * ((size_t)width * (size_t)channels * (size_t)depth / 8 + 1);
    raw_cap = raw_len + raw_len / 4 + 65536;  // Adam7 rows add filter bytes
    raw = malloc(raw_cap);
    rows_rgba = malloc((size_t)width * 4 * 64);
    for (size_t i = 0; i < (size_t)width * 4 * 64; i++) rows_rgba[i] = (i & 3) == 3 ? 255 : (uint8_t)(i * 131 >> 3);
    int plain = depth == 8 && (color == 2 || color == 6) && !interlaced;
    printf("%s: %ux%u, %d-bit colour type %d%s; file %.1f MB, image data %.1f MB, inflated %.1f MB; %d runs\n\n",
           argv[1], width, height, depth, color, interlaced ? ", interlaced" : "", file_len / 1e6, idat_len / 1e6,
           raw_len / 1e6, runs);
    candidate c[] = {
        {"zlib inflate alone, Adler-32 checked (the floor)", zlib_checked, 0, NULL},
        {"zlib raw inflate alone, no Adler-32", zlib_raw, 0, NULL},
        {"libdeflate alone, whole buffer ready", libdeflate_prealloc, 0, NULL},
        {"libdeflate alone, whole buffer malloc'd", libdeflate_malloc, 0, NULL},
        {"ISA-L inflate alone, streaming, Adler-32 checked", isal_checked, 0, NULL},
        {"ISA-L inflate alone, streaming, no Adler-32", isal_unchecked, 0, NULL},
        {"libpng + zlib, RGBA rows, no reduce", libpng_no_reduce, 0, NULL},
        {"libpng + zlib -> 256, CRC + Adler-32 checked", libpng_checked, 0, NULL},
        {"libpng + zlib -> 256, unchecked (before)", libpng_unchecked, 0, NULL},
        {"libspng 0.7 rows -> 256, checked", spng_checked, 0, NULL},
        {"libspng 0.7 rows -> 256, unchecked", spng_unchecked, 0, NULL},
        {"libdeflate whole + mediapick's unfilter -> 256", libdeflate_own_unfilter, 1, NULL},
        {"reduce alone (12 MP of RGBA rows -> 256)", reduce_alone, 0, NULL},
        {"mediapick: ISA-L + libpng -> 256 (after)", mediapick_decode, 0, NULL},
    };
    int n = (int)(sizeof c / sizeof *c);
    for (int i = 0; i < n; i++) {
        c[i].t = calloc((size_t)runs, sizeof(double));
        if (!c[i].rgb_only || plain) c[i].run();  // warm-up
    }
    for (int k = 0; k < runs; k++) {
        for (int s = 0; s < n; s++) {
            int i = (k + s) % n;
            if (c[i].rgb_only && !plain) continue;
            double t0 = now();
            c[i].run();
            c[i].t[k] = now() - t0;
        }
    }
    printf("| candidate | median ms | best ms | ratio to the floor |\n|---|---:|---:|---:|\n");
    double floor_median = 0;
    for (int i = 0; i < n; i++) {
        if (c[i].rgb_only && !plain) continue;
        qsort(c[i].t, (size_t)runs, sizeof(double), by_value);
        double median = runs % 2 ? c[i].t[runs / 2] : (c[i].t[runs / 2 - 1] + c[i].t[runs / 2]) / 2;
        if (i == 0) floor_median = median;
        printf("| %s | %.1f | %.1f | %.2fx |\n", c[i].name, median * 1e3, c[i].t[0] * 1e3, median / floor_median);
    }
    return 0;
}
