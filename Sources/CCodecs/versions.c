#include "heif_loader.h"
#include <jpeglib.h>
#include <png.h>
#include <gif_lib.h>
#include <pthread.h>
#include "webp_loader.h"

static char text[200];
static pthread_once_t text_once = PTHREAD_ONCE_INIT;

static void build_text(void) {
    // Asking for the versions is the one place outside their formats' work that loads libwebp and libheif.
    const cc_webp_api *webp_api = cc_webp_api_get(NULL, 0);
    char webp[32] = "not installed";
    if (webp_api) {
        int v = webp_api->WebPGetDecoderVersion();
        snprintf(webp, sizeof webp, "%d.%d.%d", (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff);
    }
    const cc_heif_api *heif = cc_heif_api_get(NULL, 0);
    snprintf(text, sizeof text, "libjpeg-turbo (libjpeg API %d), libpng %s, giflib %d.%d.%d, libwebp %s, libheif %s",
             JPEG_LIB_VERSION, png_get_libpng_ver(NULL), GIFLIB_MAJOR, GIFLIB_MINOR, GIFLIB_RELEASE,
             webp, heif ? heif->heif_get_version() : "not installed");
}

const char *cc_versions(void) {
    pthread_once(&text_once, build_text);
    return text;
}
