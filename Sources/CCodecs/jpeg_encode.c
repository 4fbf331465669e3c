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
    if (width <= 0 || height <= 0 || width > 65500 || height > 65500) {
        cc_set_msg(msg, msglen, "JPEG sizes are 1 to 65500 pixels");
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
        const uint8_t *src = rgba + (size_t)cinfo.next_scanline * width * 4;
        for (int x = 0; x < width; x++) {
            int a = src[x * 4 + 3];
            for (int k = 0; k < 3; k++)
                row[x * 3 + k] = (uint8_t)((src[x * 4 + k] * a + 255 * (255 - a) + 127) / 255);
        }
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
