// Loads giflib on first use, once per process.
#include "gif_loader.h"

CC_DL_DEFINE_OPEN(gif_open, cc_gif_library_check, cc_gif_api, CC_GIF_FUNCTIONS, "giflib", "libgif7", "giflib 5.2 or newer")
CC_DL_DEFINE_GET(cc_gif_api_get, gif_open, cc_gif_api, CC_GIF_SONAME, CC_DL_NO_SETUP)
