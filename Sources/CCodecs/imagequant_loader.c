// Loads libimagequant on first use, once per process.
#include "imagequant_loader.h"

CC_DL_DEFINE_OPEN(liq_open, cc_liq_library_check, cc_liq_api, CC_LIQ_FUNCTIONS, "libimagequant", "libimagequant0", "libimagequant 2.11 or newer")
CC_DL_DEFINE_GET(cc_liq_api_get, liq_open, cc_liq_api, CC_LIQ_SONAME, CC_DL_NO_SETUP)
