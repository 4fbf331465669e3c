// JPEG encoding from RGBA8 into memory; transparency is composed over white.
#include "jpeg_common.h"
#include <stdlib.h>

cc_status cc_jpeg_encode(const uint8_t *rgba, int width, int height, int quality,
                         uint8_t **out, size_t *out_len, char *msg, size_t msglen) {
    struct jpeg_compress_struct cinfo;
    cc_jpeg_error err;
    // Its address goes to the library, so it lives in memory and is current after a longjmp.
    unsigned char *mem = NULL;
    unsigned long size = 0;
    uint8_t *volatile row = NULL;
    *out = NULL;
    *out_len = 0;
    if (width <= 0 || height <= 0 || width > CC_JPEG_MAX_SIDE || height > CC_JPEG_MAX_SIDE) {
        cc_set_msg(msg, msglen, CC_JPEG_SIDE_MESSAGE);
        return CC_UNSUPPORTED;
    }
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = cc_jpeg_error_init(&err);
    if (setjmp(err.jump)) {
        cc_set_msg(msg, msglen, err.message);
        jpeg_destroy_compress(&cinfo);
        free(mem);
        free(row);
        return CC_CORRUPT;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &mem, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    cinfo.optimize_coding = TRUE;
    row = malloc((size_t)width * 3);
    if (!row) { jpeg_destroy_compress(&cinfo); free(mem); return CC_NO_MEMORY; }
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        cc_rgba_over_white(rgba + (size_t)cinfo.next_scanline * width * 4, row, width);
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    *out = mem;
    *out_len = size;
    return CC_OK;
}
