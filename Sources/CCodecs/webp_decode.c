// WebP through libwebp, scaled by libwebp itself to twice the cover size and then
// averaged in linear light. An animation gives its first frame (through the demuxer).
#include "cc_internal.h"
#include <stdlib.h>
#include <webp/decode.h>
#include <webp/demux.h>

static cc_status status_of(VP8StatusCode code, char *msg, size_t msglen) {
    switch (code) {
    case VP8_STATUS_NOT_ENOUGH_DATA: cc_set_msg(msg, msglen, "the WebP data ends early"); return CC_TRUNCATED;
    case VP8_STATUS_OUT_OF_MEMORY: cc_set_msg(msg, msglen, "out of memory"); return CC_NO_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE: cc_set_msg(msg, msglen, "unsupported WebP feature"); return CC_UNSUPPORTED;
    default: cc_set_msg(msg, msglen, "invalid WebP bitstream"); return CC_CORRUPT;
    }
}

static cc_status decode_still(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                              cc_image *out, char *msg, size_t msglen) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return CC_UNSUPPORTED;
    VP8StatusCode code = WebPGetFeatures(data, len, &config.input);
    if (code != VP8_STATUS_OK) return status_of(code, msg, msglen);
    int sw = config.input.width, sh = config.input.height;
    if (cc_over_limit(sw, sh, pixel_limit)) {
        out->width = sw;
        out->height = sh;
        return CC_TOO_LARGE;
    }
    int dw, dh;
    cc_cover_size(sw, sh, target_w, target_h, &dw, &dh);
    int ow = sw, oh = sh;
    if (dw < sw || dh < sh) {
        // Twice the cover size, as JPEG's DCT scaling does, for the linear-light pass to average.
        ow = 2 * dw < sw ? 2 * dw : sw;
        oh = 2 * dh < sh ? 2 * dh : sh;
        config.options.use_scaling = 1;
        config.options.scaled_width = ow;
        config.options.scaled_height = oh;
    }
    config.output.colorspace = MODE_RGBA;
    code = WebPDecode(data, len, &config);
    if (code != VP8_STATUS_OK) {
        WebPFreeDecBuffer(&config.output);
        return status_of(code, msg, msglen);
    }
    const WebPRGBABuffer *rgba = &config.output.u.RGBA;
    ow = config.output.width;
    oh = config.output.height;
    if (dw > ow) dw = ow;
    if (dh > oh) dh = oh;
    cc_status status = cc_reduce_buffer(rgba->rgba, ow, oh, (size_t)rgba->stride, dw, dh, out);
    WebPFreeDecBuffer(&config.output);
    return status;
}

cc_status cc_webp_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                         cc_image *out, char *msg, size_t msglen) {
    out->width = out->height = 0;
    out->pixels = NULL;
    WebPBitstreamFeatures features;
    VP8StatusCode code = WebPGetFeatures(data, len, &features);
    if (code != VP8_STATUS_OK) return status_of(code, msg, msglen);
    if (!features.has_animation) return decode_still(data, len, target_w, target_h, pixel_limit, out, msg, msglen);

    WebPData whole = {data, len};
    WebPDemuxer *demux = WebPDemux(&whole);
    if (!demux) { cc_set_msg(msg, msglen, "invalid animated WebP"); return CC_CORRUPT; }
    WebPIterator frame;
    cc_status status;
    if (WebPDemuxGetFrame(demux, 1, &frame)) {
        status = decode_still(frame.fragment.bytes, frame.fragment.size, target_w, target_h, pixel_limit,
                              out, msg, msglen);
        WebPDemuxReleaseIterator(&frame);
    } else {
        cc_set_msg(msg, msglen, "the animated WebP has no frame");
        status = CC_CORRUPT;
    }
    WebPDemuxDelete(demux);
    return status;
}
