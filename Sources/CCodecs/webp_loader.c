// Loads libwebp and libwebpdemux on first use, once per process.
#include "webp_loader.h"

CC_DL_DEFINE_OPEN(webp_open, cc_webp_library_check, cc_webp_api, CC_WEBP_FUNCTIONS, "libwebp", "libwebp7", "libwebp 1.0 or newer")
CC_DL_DEFINE_GET(cc_webp_api_get, webp_open, cc_webp_api, CC_WEBP_SONAME, CC_DL_NO_SETUP)

CC_DL_DEFINE_OPEN(webpdemux_open, cc_webpdemux_library_check, cc_webpdemux_api, CC_WEBPDEMUX_FUNCTIONS,
                  "libwebpdemux", "libwebpdemux2", "libwebpdemux 1.0 or newer")
CC_DL_DEFINE_GET(cc_webpdemux_api_get, webpdemux_open, cc_webpdemux_api, CC_WEBPDEMUX_SONAME, CC_DL_NO_SETUP)
