// Loads ISA-L on first use, once per process.
#include "isal_loader.h"

CC_DL_DEFINE_OPEN(isal_open, cc_isal_library_check, cc_isal_api, CC_ISAL_FUNCTIONS, "ISA-L", "libisal2", "ISA-L 2.20 or newer")
CC_DL_DEFINE_GET(cc_isal_api_get, isal_open, cc_isal_api, CC_ISAL_SONAME, CC_DL_NO_SETUP)
