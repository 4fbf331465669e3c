#include "jpeg_common.h"

static void error_exit(j_common_ptr cinfo) {
    cc_jpeg_error *err = (cc_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

// Warnings (corrupt data, premature end) are remembered, never printed.
static void emit_message(j_common_ptr cinfo, int level) {
    cc_jpeg_error *err = (cc_jpeg_error *)cinfo->err;
    if (level < 0) {
        if (cinfo->err->msg_code == JWRN_JPEG_EOF) err->premature_end = 1;
        cinfo->err->num_warnings++;
    }
}

static void output_message(j_common_ptr cinfo) { (void)cinfo; }

struct jpeg_error_mgr *cc_jpeg_error_init(cc_jpeg_error *err) {
    struct jpeg_error_mgr *pub = jpeg_std_error(&err->pub);
    pub->error_exit = error_exit;
    pub->emit_message = emit_message;
    pub->output_message = output_message;
    err->message[0] = 0;
    err->premature_end = 0;
    return pub;
}
