// libpng's read function over a PNG in memory or in a file, with the image data inflated by ISA-L.
//
// The bytes are walked strictly forward through a window (png_file_window.c). Its `len` is the
// size fstat gave, so every "ends early" check reads as it would in memory; a file that turns
// out shorter (shrunk since) is read as one cut where it ends, and a failed read is an error of
// its own.
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
// deflate stream is still an error (ISA-L reports it), and so is data that ends early; but
// what was inflated before the end is handed on first, in a block of its own (`cut`), and
// the error comes when libpng asks for more, so the rows that came are drawn (a stored block
// holds up to 64 KB: a block lost with the error made a picture under 64 KB of pixels cut
// short show none).
#include "png_inflate_source.h"
#include "png_file_window.h"
#include "png_rows.h"
#include "isal_loader.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
    cc_png_window w;   // the PNG's bytes, and its size (w.len)
    size_t pos;        // offset of the next byte not yet handed on or inflated
    const uint8_t *head;  // the first head_len bytes (the IHDR is read there)
    size_t head_len;
    int read_errno;
    char message[120];
    size_t chunk_end;  // before and after the image data: where the chunk being handed on ends
    enum { BEFORE_IDAT, IN_IDAT, AFTER_IDAT } phase;
    size_t idat_left;  // bytes of the current IDAT chunk's data not yet given to ISA-L
    int header_sent;
    // Rows unfiltered here (images that are not interlaced): handed on with filter type None.
    int rows_set_up;
    cc_png_rows rows;  // rows.cur is NULL for interlaced images
    int truncated;
    int cut;           // the file ends inside the image data: nothing more to feed ISA-L
    const cc_isal_api *isal;
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

static void ends_early(cc_png_source *s, png_structp png) {
    s->truncated = 1;
    png_error(png, "the PNG data ends early");
}

/// `cc_png_window_fill`, a failed read an error of its own.
static size_t fill(cc_png_source *s, png_structp png, size_t pos, size_t want) {
    size_t held = cc_png_window_fill(&s->w, pos, want);
    if (held == (size_t)-1) {
        if (errno == ENOMEM) png_error(png, "out of memory");
        s->read_errno = errno;
        s->truncated = 1;
        snprintf(s->message, sizeof s->message, "read error: %s", strerror(errno));
        png_error(png, s->message);
    }
    return held;
}

/// The bytes at offset `pos`, at least `want` of them (fewer only where `len` ends); the data
/// ends early when the file does first.
static const uint8_t *bytes_at(cc_png_source *s, png_structp png, size_t pos, size_t want) {
    if (want > s->w.len - pos) want = s->w.len - pos;
    if (fill(s, png, pos, want) < want) ends_early(s, png);
    return cc_png_window_at(&s->w, pos);
}

static uint32_t be32_at(cc_png_source *s, png_structp png, size_t pos) { return be32(bytes_at(s, png, pos, 4)); }

/// True when an IDAT chunk's header is at `pos`; false too where the file ends before one.
static int idat_at(cc_png_source *s, png_structp png, size_t pos) {
    return fill(s, png, pos, CHUNK_HEAD) >= CHUNK_HEAD && memcmp(cc_png_window_at(&s->w, pos) + 4, "IDAT", 4) == 0;
}

/// Notes that the file ends inside the image data: the caller hands on what was inflated,
/// then ends early (`stage_next_chunk`).
static void cut_short(cc_png_source *s) {
    s->truncated = 1;
    s->cut = 1;
}

/// Points ISA-L at the next stretch of IDAT data; `cut_short` when the file ends first (ISA-L
/// is left with no input), an error when another chunk comes before the deflate stream has ended.
static void feed(cc_png_source *s, png_structp png) {
    while (s->idat_left == 0) {
        if (!idat_at(s, png, s->pos)) {
            if (s->w.len - s->pos < CHUNK_HEAD) { cut_short(s); return; }
            png_error(png, "the PNG image data stops before the image is complete");
        }
        s->idat_left = be32_at(s, png, s->pos);
        if (s->idat_left > 0x7fffffff) png_error(png, "the PNG data has a chunk length out of range");
        s->pos += CHUNK_HEAD;
        if (s->idat_left == 0) s->pos = s->w.len - s->pos < CRC ? s->w.len : s->pos + CRC;
    }
    size_t avail = s->w.len - s->pos < s->idat_left ? s->w.len - s->pos : s->idat_left;
    // ISA-L keeps pointing into the window until it has used all of avail_in, and the window
    // is refilled only when feed is called again, after that.
    size_t held = avail == 0 ? 0 : fill(s, png, s->pos, 1);
    if (held == 0) { cut_short(s); return; }  // the file ends here, or has shrunk to here
    const uint8_t *in = cc_png_window_at(&s->w, s->pos);
    if (avail > held) avail = held;
    s->inflater.next_in = (uint8_t *)(uintptr_t)in;
    s->inflater.avail_in = (uint32_t)avail;  // a chunk is at most 2^31 - 1 bytes
    s->pos += avail;
    s->idat_left -= avail;
    if (s->idat_left == 0) s->pos = s->w.len - s->pos < CRC ? s->w.len : s->pos + CRC;
}

/// Reads the zlib header (2 bytes, possibly split across chunks) and checks it.
static void read_zlib_header(cc_png_source *s, png_structp png) {
    uint8_t h[2];
    for (int i = 0; i < 2; i++) {
        while (s->inflater.avail_in == 0) {
            feed(s, png);
            if (s->cut) ends_early(s, png);  // no row came
        }
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
static void skip_rest_of_idat(cc_png_source *s, png_structp png) {
    size_t rest = s->idat_left + CRC;
    s->pos = s->w.len - s->pos < rest ? s->w.len : s->pos + rest;
    s->idat_left = 0;
    while (idat_at(s, png, s->pos)) {
        size_t whole = (size_t)be32_at(s, png, s->pos) + CHUNK_HEAD + CRC;
        s->pos = s->w.len - s->pos < whole ? s->w.len : s->pos + whole;
    }
    s->phase = AFTER_IDAT;
    s->chunk_end = s->pos;
}

/// Inflates into `out` until `room` bytes are there, the stream ends or the file does
/// (`cut`); the bytes written.
static size_t inflate_into(cc_png_source *s, png_structp png, uint8_t *out, size_t room) {
    s->inflater.next_out = out;
    s->inflater.avail_out = (uint32_t)room;
    for (;;) {
        uint32_t in_before = s->inflater.avail_in, out_before = s->inflater.avail_out;
        int code = s->isal->isal_inflate(&s->inflater);
        if (code < 0) png_error(png, inflate_error(code));
        if (s->inflater.avail_out == 0 || s->inflater.block_state == ISAL_BLOCK_FINISH) break;
        if (s->inflater.avail_in == 0) {
            if (!s->cut) feed(s, png);
            if (s->cut) break;
        } else if (s->inflater.avail_in == in_before && s->inflater.avail_out == out_before) {
            png_error(png, inflate_error(0));  // no progress: never loop forever
        }
    }
    return room - s->inflater.avail_out;
}

/// `inflate_into` for the rows: 0 once the image data has ended, or the file (`cut`).
static size_t inflate_rows(void *source, png_structp png, uint8_t *out, size_t room) {
    cc_png_source *s = source;
    return s->inflater.block_state == ISAL_BLOCK_FINISH ? 0 : inflate_into(s, png, out, room);
}

/// Reads the IHDR (libpng has checked it by now): rows of images that are not interlaced are
/// unfiltered here (png_rows.c). Adam7's seven passes are left to libpng.
static void set_up_rows(cc_png_source *s, png_structp png) {
    s->rows_set_up = 1;
    const uint8_t *h = s->head;
    if (s->head_len < 33 || memcmp(h + 12, "IHDR", 4) != 0 || h[28] != 0) return;
    static const int channels[7] = {1, 0, 3, 1, 2, 0, 4};
    uint64_t width = be32(h + 16), depth = h[24], color = h[25];
    uint64_t bits = (color < 7 ? (uint64_t)channels[color] : 0) * depth;
    if (bits == 0) return;
    cc_png_rows_set_up(&s->rows, png, 1 + (size_t)((width * bits + 7) / 8), bits < 8 ? 1 : (size_t)(bits / 8), be32(h + 20));
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
        if (s->rows.cur) {
            n = cc_png_rows_stage(&s->rows, png, out, BLOCK_MAX, inflate_rows, s);
            last = s->rows.rows_left == 0;
            if (!last && n < BLOCK_MAX && !s->cut) png_error(png, "the PNG image data ends before the last row");
        } else {
            n = inflate_into(s, png, out, BLOCK_MAX);
            last = s->inflater.block_state == ISAL_BLOCK_FINISH;
        }
        // The file ends inside the image data: what came is staged as a block (not the last),
        // and the error comes at the next, with nothing left to hand on.
        if (s->cut && n == 0 && !last) ends_early(s, png);
        payload[0] = (uint8_t)last;  // BFINAL, BTYPE 00 (stored)
        payload[1] = (uint8_t)n;
        payload[2] = (uint8_t)(n >> 8);
        payload[3] = (uint8_t)~n;
        payload[4] = (uint8_t)(~n >> 8);
        payload_len = STORED_HEAD + n;
        if (last) {
            memset(out + n, 0, ADLER);  // not checked: PNG_IGNORE_ADLER32
            payload_len += ADLER;
            skip_rest_of_idat(s, png);
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
                if (s->phase == BEFORE_IDAT && idat_at(s, png, s->pos)) {
                    s->phase = IN_IDAT;
                    continue;
                }
                if (s->w.len - s->pos < CHUNK_HEAD) {
                    s->chunk_end = s->w.len;
                } else {
                    size_t whole = (size_t)be32_at(s, png, s->pos) + CHUNK_HEAD + CRC;
                    // Before the image data every chunk must be whole. One that claims more than
                    // the file holds is cut short, and is said so here: libpng would first
                    // allocate and zero all it claims (1.8 GB for a 140-byte file, found by
                    // fuzzing).
                    if (s->phase == BEFORE_IDAT && whole > s->w.len - s->pos) ends_early(s, png);
                    s->chunk_end = s->pos + whole;
                }
            }
            size_t end = s->chunk_end < s->w.len ? s->chunk_end : s->w.len;
            if (end == s->pos) ends_early(s, png);
            n = end - s->pos < count ? end - s->pos : count;
            const uint8_t *from = bytes_at(s, png, s->pos, 1);
            size_t held = s->w.start + s->w.held - s->pos;
            if (n > held) n = held;
            memcpy(buf, from, n);
            s->pos += n;
        }
        buf += n;
        count -= n;
    }
}

cc_png_source *cc_png_source_new(const uint8_t *data, size_t len) { return cc_png_source_new_file(-1, data, len, len); }

cc_png_source *cc_png_source_new_file(int fd, const uint8_t *head, size_t head_len, size_t len) {
    const cc_isal_api *isal = cc_isal_api_get(NULL, 0);  // the decoder has said why when it is missing
    cc_png_source *s = isal ? malloc(sizeof *s) : NULL;
    if (!s) return NULL;
    s->isal = isal;
    if (head_len > len) head_len = len;
    cc_png_window_init(&s->w, fd, head, head_len, len);
    s->head = head;
    s->head_len = head_len;
    s->read_errno = 0;
    s->pos = 0;
    s->chunk_end = len < 8 ? len : 8;  // the signature, handed on like a chunk
    s->phase = BEFORE_IDAT;
    s->idat_left = 0;
    s->header_sent = 0;
    s->truncated = 0;
    s->cut = 0;
    s->rows_set_up = 0;
    memset(&s->rows, 0, sizeof s->rows);
    s->stage_len = s->stage_pos = 0;
    isal->isal_inflate_init(&s->inflater);
    s->inflater.crc_flag = ISAL_DEFLATE;  // the zlib wrapper is read here, its Adler-32 skipped
    s->inflater.avail_in = 0;
    return s;
}

cc_png_source *cc_png_source_open(int fd, const uint8_t *head, size_t head_len, cc_status *status,
                                  char *msg, size_t msglen) {
    *status = CC_NO_MEMORY;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(msg, msglen, "read error: %s", strerror(errno));
        *status = CC_TRUNCATED;
        return NULL;
    }
    return cc_png_source_new_file(fd, head, head_len, st.st_size > 0 ? (size_t)st.st_size : 0);
}

void cc_png_source_attach(cc_png_source *src, png_structp png) { png_set_read_fn(png, src, read_fn); }

void cc_png_source_read_info(cc_png_source *src, png_structp png, png_infop info) {
    cc_png_source_attach(src, png);
    // Checksums cost about 5% of a large decode and a thumbnail of slightly damaged data
    // beats an error: CRCs of critical chunks and the zlib Adler-32 are not verified (the
    // source's re-wrapped image data has neither).
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_WARN_DISCARD);
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    png_read_info(png, info);
}

int cc_png_source_truncated(const cc_png_source *src) { return src && src->truncated; }

size_t cc_png_decode_file_window_peak(void) { return cc_png_window_peak(); }

void cc_png_source_free(cc_png_source *src) {
    if (!src) return;
    cc_png_window_free(&src->w);
    cc_png_rows_free(&src->rows);
    free(src);
}
