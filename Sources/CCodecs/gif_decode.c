// GIF first frame through giflib, read from memory, composed on a transparent
// canvas of the logical screen size.
#include "gif_loader.h"
#include <stdlib.h>

typedef struct {
    const uint8_t *data;
    size_t len, pos;
} gif_source;

static int read_fn(GifFileType *gif, GifByteType *buf, int count) {
    gif_source *src = gif->UserData;
    size_t n = (size_t)(count < 0 ? 0 : count);
    if (n > src->len - src->pos) n = src->len - src->pos;
    memcpy(buf, src->data + src->pos, n);
    src->pos += n;
    return (int)n;
}

static cc_status fail(const cc_gif_api *G, GifFileType *gif, int code, char *msg, size_t msglen) {
    const char *text = G->GifErrorString(code);
    cc_set_msg(msg, msglen, text ? text : "GIF error");
    if (gif) G->DGifCloseFile(gif, NULL);
    return code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON ? CC_TRUNCATED : CC_CORRUPT;
}

cc_status cc_gif_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                        cc_image *out, char *msg, size_t msglen) {
    gif_source src = {data, len, 0};
    int error = 0;
    out->width = out->height = 0;
    out->pixels = NULL;
    const cc_gif_api *G = cc_gif_api_get(msg, msglen);
    if (!G) return CC_NO_LIBRARY;
    GifFileType *gif = G->DGifOpen(&src, read_fn, &error);
    if (!gif) return fail(G, NULL, error, msg, msglen);
    int sw = gif->SWidth, sh = gif->SHeight;
    if (cc_over_limit(sw, sh, pixel_limit)) {
        out->width = sw;
        out->height = sh;
        G->DGifCloseFile(gif, NULL);
        return CC_TOO_LARGE;
    }
    int transparent = -1;
    GifRecordType record;
    for (;;) {
        if (G->DGifGetRecordType(gif, &record) == GIF_ERROR) return fail(G, gif, gif->Error, msg, msglen);
        if (record == IMAGE_DESC_RECORD_TYPE) break;
        if (record == TERMINATE_RECORD_TYPE) {
            cc_set_msg(msg, msglen, "the GIF holds no image");
            G->DGifCloseFile(gif, NULL);
            return CC_CORRUPT;
        }
        if (record == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *ext;
            if (G->DGifGetExtension(gif, &code, &ext) == GIF_ERROR) return fail(G, gif, gif->Error, msg, msglen);
            while (ext != NULL) {
                if (code == GRAPHICS_EXT_FUNC_CODE && ext[0] >= 4) {
                    GraphicsControlBlock gcb;
                    if (G->DGifExtensionToGCB(ext[0], ext + 1, &gcb) == GIF_OK) transparent = gcb.TransparentColor;
                }
                if (G->DGifGetExtensionNext(gif, &ext) == GIF_ERROR) return fail(G, gif, gif->Error, msg, msglen);
            }
        }
    }
    if (G->DGifGetImageDesc(gif) == GIF_ERROR) return fail(G, gif, gif->Error, msg, msglen);
    GifImageDesc *d = &gif->Image;
    int fw = d->Width, fh = d->Height, fl = d->Left, ft = d->Top;
    if (sw <= 0 || sh <= 0) { sw = fw; sh = fh; fl = ft = 0; }
    if (sw <= 0 || sh <= 0 || fw <= 0 || fh <= 0 || cc_over_limit(fw, fh, pixel_limit)) {
        cc_set_msg(msg, msglen, "the GIF frame has an impossible size");
        G->DGifCloseFile(gif, NULL);
        return CC_CORRUPT;
    }
    ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
    if (!map) {
        cc_set_msg(msg, msglen, "the GIF has no colour table");
        G->DGifCloseFile(gif, NULL);
        return CC_CORRUPT;
    }
    uint8_t *indices = malloc((size_t)fw * fh);
    uint8_t *row = malloc((size_t)sw * 4);
    if (!indices || !row) {
        free(indices);
        free(row);
        G->DGifCloseFile(gif, NULL);
        return CC_NO_MEMORY;
    }
    cc_status status = CC_OK;
    static const int start[] = {0, 4, 2, 1}, step[] = {8, 8, 4, 2};
    if (d->Interlace) {
        for (int p = 0; p < 4 && status == CC_OK; p++)
            for (int y = start[p]; y < fh; y += step[p])
                if (G->DGifGetLine(gif, indices + (size_t)y * fw, fw) == GIF_ERROR) {
                    status = fail(G, gif, gif->Error, msg, msglen); gif = NULL; break;
                }
    } else {
        for (int y = 0; y < fh; y++)
            if (G->DGifGetLine(gif, indices + (size_t)y * fw, fw) == GIF_ERROR) {
                status = fail(G, gif, gif->Error, msg, msglen); gif = NULL; break;
            }
    }
    if (status != CC_OK) { free(indices); free(row); return status; }

    // The colour map belongs to the GifFileType: close it only after composing.
    int dw, dh;
    cc_cover_size(sw, sh, target_w, target_h, &dw, &dh);
    cc_reducer *reducer = cc_reducer_new(sw, sh, dw, dh);
    if (!reducer) { free(indices); free(row); G->DGifCloseFile(gif, NULL); return CC_NO_MEMORY; }
    for (int y = 0; y < sh; y++) {
        memset(row, 0, (size_t)sw * 4);
        int fy = y - ft;
        if (fy >= 0 && fy < fh) {
            const uint8_t *line = indices + (size_t)fy * fw;
            for (int fx = 0; fx < fw; fx++) {
                int x = fl + fx;
                if (x < 0 || x >= sw) continue;
                int i = line[fx];
                if (i == transparent || i >= map->ColorCount) continue;
                uint8_t *p = row + (size_t)x * 4;
                p[0] = map->Colors[i].Red; p[1] = map->Colors[i].Green; p[2] = map->Colors[i].Blue; p[3] = 255;
            }
        }
        cc_reducer_push(reducer, row);
    }
    G->DGifCloseFile(gif, NULL);
    free(indices);
    free(row);
    cc_reducer_finish(reducer, out);
    cc_reducer_free(reducer);
    return CC_OK;
}
