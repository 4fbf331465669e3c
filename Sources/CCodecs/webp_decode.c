// WebP through libwebp, scaled by libwebp itself to twice the cover size and then
// averaged in linear light. An animation gives its first frame (through the demuxer).
#include "webp_loader.h"
#include <stdlib.h>

static cc_status status_of(VP8StatusCode code, char *msg, size_t msglen) {
    switch (code) {
    case VP8_STATUS_NOT_ENOUGH_DATA: cc_set_msg(msg, msglen, "the WebP data ends early"); return CC_TRUNCATED;
    case VP8_STATUS_OUT_OF_MEMORY: cc_set_msg(msg, msglen, "out of memory"); return CC_NO_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE: cc_set_msg(msg, msglen, "unsupported WebP feature"); return CC_UNSUPPORTED;
    default: cc_set_msg(msg, msglen, "invalid WebP bitstream"); return CC_CORRUPT;
    }
}

static cc_status decode_still(const cc_webp_api *W, const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                              cc_image *out, char *msg, size_t msglen) {
    WebPDecoderConfig config;
    if (!W->WebPInitDecoderConfigInternal(&config, WEBP_DECODER_ABI_VERSION)) return CC_UNSUPPORTED;
    VP8StatusCode code = W->WebPGetFeaturesInternal(data, len, &config.input, WEBP_DECODER_ABI_VERSION);
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
    code = W->WebPDecode(data, len, &config);
    if (code != VP8_STATUS_OK) {
        W->WebPFreeDecBuffer(&config.output);
        return status_of(code, msg, msglen);
    }
    const WebPRGBABuffer *rgba = &config.output.u.RGBA;
    ow = config.output.width;
    oh = config.output.height;
    if (dw > ow) dw = ow;
    if (dh > oh) dh = oh;
    cc_status status = cc_reduce_buffer(rgba->rgba, ow, oh, (size_t)rgba->stride, dw, dh, out);
    W->WebPFreeDecBuffer(&config.output);
    return status;
}

cc_status cc_webp_decode(const uint8_t *data, size_t len, int target_w, int target_h, long pixel_limit,
                         cc_image *out, char *msg, size_t msglen) {
    out->width = out->height = 0;
    out->pixels = NULL;
    const cc_webp_api *W = cc_webp_api_get(msg, msglen);
    if (!W) return CC_NO_LIBRARY;
    WebPBitstreamFeatures features;
    VP8StatusCode code = W->WebPGetFeaturesInternal(data, len, &features, WEBP_DECODER_ABI_VERSION);
    if (code != VP8_STATUS_OK) return status_of(code, msg, msglen);
    if (!features.has_animation) return decode_still(W, data, len, target_w, target_h, pixel_limit, out, msg, msglen);

    const cc_webpdemux_api *D = cc_webpdemux_api_get(msg, msglen);
    if (!D) return CC_NO_LIBRARY;
    WebPData whole = {data, len};
    WebPDemuxer *demux = D->WebPDemuxInternal(&whole, 0, NULL, WEBP_DEMUX_ABI_VERSION);
    if (!demux) { cc_set_msg(msg, msglen, "invalid animated WebP"); return CC_CORRUPT; }
    WebPIterator frame;
    cc_status status;
    if (D->WebPDemuxGetFrame(demux, 1, &frame)) {
        status = decode_still(W, frame.fragment.bytes, frame.fragment.size, target_w, target_h, pixel_limit,
                              out, msg, msglen);
        D->WebPDemuxReleaseIterator(&frame);
    } else {
        cc_set_msg(msg, msglen, "the animated WebP has no frame");
        status = CC_CORRUPT;
    }
    D->WebPDemuxDelete(demux);
    return status;
}
