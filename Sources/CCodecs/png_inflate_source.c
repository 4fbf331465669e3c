// libpng's read function over a PNG in memory, with the image data inflated by ISA-L.
//
// libpng reads chunks through the read function; bytes before the first IDAT chunk (and
// after the last) are handed on as they are. The IDAT chunks are replaced by chunks of
// our own: the first holds a zlib header, each next one a stored deflate block of up to
// 64 KB that ISA-L has just inflated, the last block ending the stream. zlib inflates a
// stored block with a memcpy, so libpng's colour transforms run on data that costs it
// almost nothing to "inflate". Rows of images that are not interlaced are unfiltered here
// and handed on with filter type None (Debian's libpng has no SIMD filters; its Paeth is slow).
//
// Checks: the chunk CRCs and the Adler-32 were already off in the decoder (a thumbnail of
// slightly damaged data beats an error); the re-wrapped stream has neither. A damaged
// deflate stream is still an error (ISA-L reports it), and so is data that ends early.
#include "png_inflate_source.h"
#include "png_unfilter.h"
#include <isa-l/igzip_lib.h>
#include <stdlib.h>

#ifndef PNG_IGNORE_ADLER32
#error "libpng 1.6.26 or later is needed: the re-wrapped image data carries no Adler-32"
#endif

enum {
    BLOCK_MAX = 65535,  // a stored block's largest payload
    CHUNK_HEAD = 8,     // length and type
    STORED_HEAD = 5,    // BFINAL/BTYPE byte, LEN, NLEN
    ADLER = 4,
    CRC = 4,
    STAGE_SIZE = CHUNK_HEAD + STORED_HEAD + BLOCK_MAX + ADLER + CRC,
};

struct cc_png_source {
    const uint8_t *data;
    size_t len;
    size_t pos;        // next byte of `data` not yet handed on or inflated
    size_t chunk_end;  // before and after the image data: where the chunk being handed on ends
    enum { BEFORE_IDAT, IN_IDAT, AFTER_IDAT } phase;
    size_t idat_left;  // bytes of the current IDAT chunk's data not yet given to ISA-L
    int header_sent;
    // Rows unfiltered here (images that are not interlaced): handed on with filter type None.
    int rows_set_up;
    uint8_t *cur, *prev;      // filter byte + row; prev starts as zeros
    size_t row_len, bpp;      // 1 + bytes per row; bytes per complete pixel (at least 1)
    size_t row_fill, row_sent;  // bytes of cur inflated; bytes of cur staged
    uint32_t rows_left;
    int truncated;
    struct inflate_state inflater;
    size_t stage_len, stage_pos;
    uint8_t stage[STAGE_SIZE];  // the chunk being handed to libpng
};

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static int idat_at(const cc_png_source *s, size_t pos) {
    return s->len - pos >= CHUNK_HEAD && memcmp(s->data + pos + 4, "IDAT", 4) == 0;
}

static void ends_early(cc_png_source *s, png_structp png) {
    s->truncated = 1;
    png_error(png, "the PNG data ends early");
}

/// Points ISA-L at the next stretch of IDAT data; an error when the file ends first, or
/// another chunk comes before the deflate stream has ended.
static void feed(cc_png_source *s, png_structp png) {
    while (s->idat_left == 0) {
        if (!idat_at(s, s->pos)) {
            if (s->len - s->pos < CHUNK_HEAD) ends_early(s, png);
            png_error(png, "the PNG image data stops before the image is complete");
        }
        s->idat_left = be32(s->data + s->pos);
        if (s->idat_left > 0x7fffffff) png_error(png, "the PNG data has a chunk length out of range");
        s->pos += CHUNK_HEAD;
        if (s->idat_left == 0) s->pos = s->len - s->pos < CRC ? s->len : s->pos + CRC;
    }
    size_t avail = s->len - s->pos < s->idat_left ? s->len - s->pos : s->idat_left;
    if (avail == 0) ends_early(s, png);
    s->inflater.next_in = (uint8_t *)(uintptr_t)(s->data + s->pos);
    s->inflater.avail_in = (uint32_t)avail;  // a chunk is at most 2^31 - 1 bytes
    s->pos += avail;
    s->idat_left -= avail;
    if (s->idat_left == 0) s->pos = s->len - s->pos < CRC ? s->len : s->pos + CRC;
}

/// Reads the zlib header (2 bytes, possibly split across chunks) and checks it.
static void read_zlib_header(cc_png_source *s, png_structp png) {
    uint8_t h[2];
    for (int i = 0; i < 2; i++) {
        while (s->inflater.avail_in == 0) feed(s, png);
        h[i] = *s->inflater.next_in++;
        s->inflater.avail_in--;
    }
    // Deflate with a window of at most 32 KB, a valid check value, no preset dictionary.
    if ((h[0] & 0x0f) != 8 || (h[0] >> 4) > 7 || ((h[0] << 8) | h[1]) % 31 != 0 || (h[1] & 0x20))
        png_error(png, "the PNG image data has a bad zlib header");
}

static const char *inflate_error(int code) {
    switch (code) {
    case ISAL_INVALID_BLOCK: return "the PNG image data is damaged (invalid deflate block)";
    case ISAL_INVALID_SYMBOL: return "the PNG image data is damaged (invalid deflate code)";
    case ISAL_INVALID_LOOKBACK: return "the PNG image data is damaged (invalid deflate distance)";
    default: return "the PNG image data is damaged";
    }
}

/// Skips what is left of the IDAT chunks once the deflate stream has ended (the Adler-32, padding).
static void skip_rest_of_idat(cc_png_source *s) {
    size_t rest = s->idat_left + CRC;
    s->pos = s->len - s->pos < rest ? s->len : s->pos + rest;
    s->idat_left = 0;
    while (idat_at(s, s->pos)) {
        size_t whole = (size_t)be32(s->data + s->pos) + CHUNK_HEAD + CRC;
        s->pos = s->len - s->pos < whole ? s->len : s->pos + whole;
    }
    s->phase = AFTER_IDAT;
    s->chunk_end = s->pos;
}

/// Inflates into `out` until `room` bytes are there or the stream ends; the bytes written.
static size_t inflate_into(cc_png_source *s, png_structp png, uint8_t *out, size_t room) {
    s->inflater.next_out = out;
    s->inflater.avail_out = (uint32_t)room;
    for (;;) {
        uint32_t in_before = s->inflater.avail_in, out_before = s->inflater.avail_out;
        int code = isal_inflate(&s->inflater);
        if (code < 0) png_error(png, inflate_error(code));
        if (s->inflater.avail_out == 0 || s->inflater.block_state == ISAL_BLOCK_FINISH) break;
        if (s->inflater.avail_in == 0) {
            feed(s, png);
        } else if (s->inflater.avail_in == in_before && s->inflater.avail_out == out_before) {
            png_error(png, inflate_error(0));  // no progress: never loop forever
        }
    }
    return room - s->inflater.avail_out;
}

/// Reads the IHDR (libpng has checked it by now): rows of images that are not interlaced are
/// unfiltered here. Adam7's seven passes are left to libpng.
static void set_up_rows(cc_png_source *s, png_structp png) {
    s->rows_set_up = 1;
    if (s->len < 33 || memcmp(s->data + 12, "IHDR", 4) != 0 || s->data[28] != 0) return;
    static const int channels[7] = {1, 0, 3, 1, 2, 0, 4};
    uint64_t width = be32(s->data + 16), depth = s->data[24], color = s->data[25];
    uint64_t bits = (color < 7 ? (uint64_t)channels[color] : 0) * depth;
    if (bits == 0) return;
    s->bpp = bits < 8 ? 1 : (size_t)(bits / 8);
    s->row_len = 1 + (size_t)((width * bits + 7) / 8);
    s->rows_left = be32(s->data + 20);
    s->cur = malloc(s->row_len);
    s->prev = calloc(s->row_len, 1);
    if (!s->cur || !s->prev) png_error(png, "out of memory");
}

/// Stages up to a block of rows, unfiltered (filter byte 0); the bytes staged.
static size_t unfiltered_rows(cc_png_source *s, png_structp png, uint8_t *out) {
    size_t n = 0;
    while (n < BLOCK_MAX && s->rows_left > 0) {
        if (s->row_fill < s->row_len) {
            if (s->inflater.block_state == ISAL_BLOCK_FINISH)
                png_error(png, "the PNG image data ends before the last row");
            s->row_fill += inflate_into(s, png, s->cur + s->row_fill, s->row_len - s->row_fill);
            if (s->row_fill < s->row_len) continue;
            if (cc_png_unfilter(s->cur + 1, s->prev + 1, s->row_len - 1, s->bpp, s->cur[0]) != 0)
                png_error(png, "bad adaptive filter value");
            s->cur[0] = 0;
        }
        size_t k = s->row_len - s->row_sent < BLOCK_MAX - n ? s->row_len - s->row_sent : BLOCK_MAX - n;
        memcpy(out + n, s->cur + s->row_sent, k);
        n += k;
        s->row_sent += k;
        if (s->row_sent == s->row_len) {
            uint8_t *done = s->cur;
            s->cur = s->prev;
            s->prev = done;
            s->row_fill = s->row_sent = 0;
            s->rows_left--;
        }
    }
    return n;
}

/// Stages the next chunk of the re-wrapped image data: the zlib header first, then stored blocks.
static void stage_next_chunk(cc_png_source *s, png_structp png) {
    uint8_t *payload = s->stage + CHUNK_HEAD;
    size_t payload_len;
    memcpy(s->stage + 4, "IDAT", 4);
    if (!s->header_sent) {
        // Not read from the file yet: png_read_info stops here, and a header that is refused
        // as too large must not be judged on its image data.
        payload[0] = 0x78;  // deflate, 32 KB window; 0x7801 is a multiple of 31
        payload[1] = 0x01;
        payload_len = 2;
        s->header_sent = 1;
    } else {
        uint8_t *out = payload + STORED_HEAD;
        if (!s->rows_set_up) {
            read_zlib_header(s, png);
            set_up_rows(s, png);
        }
        size_t n;
        int last;
        if (s->cur) {
            n = unfiltered_rows(s, png, out);
            last = s->rows_left == 0;
        } else {
            n = inflate_into(s, png, out, BLOCK_MAX);
            last = s->inflater.block_state == ISAL_BLOCK_FINISH;
        }
        payload[0] = (uint8_t)last;  // BFINAL, BTYPE 00 (stored)
        payload[1] = (uint8_t)n;
        payload[2] = (uint8_t)(n >> 8);
        payload[3] = (uint8_t)~n;
        payload[4] = (uint8_t)(~n >> 8);
        payload_len = STORED_HEAD + n;
        if (last) {
            memset(out + n, 0, ADLER);  // not checked: PNG_IGNORE_ADLER32
            payload_len += ADLER;
            skip_rest_of_idat(s);
        }
    }
    put_be32(s->stage, (uint32_t)payload_len);
    memset(payload + payload_len, 0, CRC);  // not checked: PNG_CRC_QUIET_USE
    s->stage_len = CHUNK_HEAD + payload_len + CRC;
    s->stage_pos = 0;
}

static void read_fn(png_structp png, png_bytep buf, size_t count) {
    cc_png_source *s = png_get_io_ptr(png);
    while (count > 0) {
        size_t n;
        if (s->stage_pos < s->stage_len) {
            n = s->stage_len - s->stage_pos < count ? s->stage_len - s->stage_pos : count;
            memcpy(buf, s->stage + s->stage_pos, n);
            s->stage_pos += n;
        } else if (s->phase == IN_IDAT) {
            stage_next_chunk(s, png);
            continue;
        } else {
            if (s->pos == s->chunk_end) {  // a chunk starts here (or the signature ended)
                if (s->phase == BEFORE_IDAT && idat_at(s, s->pos)) {
                    s->phase = IN_IDAT;
                    continue;
                }
                s->chunk_end = s->len - s->pos < CHUNK_HEAD ? s->len
                                                            : s->pos + CHUNK_HEAD + be32(s->data + s->pos) + CRC;
            }
            size_t end = s->chunk_end < s->len ? s->chunk_end : s->len;
            if (end == s->pos) ends_early(s, png);
            n = end - s->pos < count ? end - s->pos : count;
            memcpy(buf, s->data + s->pos, n);
            s->pos += n;
        }
        buf += n;
        count -= n;
    }
}

cc_png_source *cc_png_source_new(const uint8_t *data, size_t len) {
    cc_png_source *s = malloc(sizeof *s);
    if (!s) return NULL;
    s->data = data;
    s->len = len;
    s->pos = 0;
    s->chunk_end = len < 8 ? len : 8;  // the signature, handed on like a chunk
    s->phase = BEFORE_IDAT;
    s->idat_left = 0;
    s->header_sent = 0;
    s->truncated = 0;
    s->rows_set_up = 0;
    s->cur = s->prev = NULL;
    s->row_len = s->bpp = s->row_fill = s->row_sent = 0;
    s->rows_left = 0;
    s->stage_len = s->stage_pos = 0;
    isal_inflate_init(&s->inflater);
    s->inflater.crc_flag = ISAL_DEFLATE;  // the zlib wrapper is read here, its Adler-32 skipped
    s->inflater.avail_in = 0;
    return s;
}

void cc_png_source_attach(cc_png_source *src, png_structp png) { png_set_read_fn(png, src, read_fn); }

int cc_png_source_truncated(const cc_png_source *src) { return src && src->truncated; }

void cc_png_source_free(cc_png_source *src) {
    if (!src) return;
    free(src->cur);
    free(src->prev);
    free(src);
}
