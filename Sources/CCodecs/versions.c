#include "heif_loader.h"
#include <jpeglib.h>
#include <png.h>
#include <gif_lib.h>
#include <pthread.h>
#include <webp/decode.h>

static char text[200];
static pthread_once_t text_once = PTHREAD_ONCE_INIT;

static void build_text(void) {
    int webp = WebPGetDecoderVersion();
    // Asking for the versions is the one place outside HEIF work that loads libheif.
    const cc_heif_api *heif = cc_heif_api_get(NULL, 0);
    snprintf(text, sizeof text, "libjpeg-turbo (libjpeg API %d), libpng %s, giflib %d.%d.%d, libwebp %d.%d.%d, libheif %s",
             JPEG_LIB_VERSION, png_get_libpng_ver(NULL), GIFLIB_MAJOR, GIFLIB_MINOR, GIFLIB_RELEASE,
             (webp >> 16) & 0xff, (webp >> 8) & 0xff, webp & 0xff, heif ? heif->heif_get_version() : "not installed");
}

const char *cc_versions(void) {
    pthread_once(&text_once, build_text);
    return text;
}
