// Loads libheif on first use, once per process.
#include "heif_loader.h"

CC_DL_DEFINE_OPEN(heif_open, cc_heif_library_check, cc_heif_api, CC_HEIF_FUNCTIONS, "libheif", "libheif1", "libheif 1.13 or newer")

/// libheif 1.13+ wants heif_init before use (it registers its codec plugins).
static void heif_start(const cc_heif_api *api) { api->heif_init(NULL); }

CC_DL_DEFINE_GET(cc_heif_api_get, heif_open, cc_heif_api, CC_HEIF_SONAME, heif_start)
