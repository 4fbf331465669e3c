// Loads libimagequant on first use, once per process.
#include "imagequant_loader.h"
#include "dl_library.h"
#include <pthread.h>

CC_DL_DEFINE_OPEN(liq_open, cc_liq_library_check, cc_liq_api, CC_LIQ_FUNCTIONS, "libimagequant", "libimagequant0", "libimagequant 2.11 or newer")

static pthread_once_t liq_once = PTHREAD_ONCE_INIT;
static cc_liq_api liq_api;
static void *liq_lib;  // never closed: its function pointers are used for the life of the process
static char liq_failure[300];

static void load_liq(void) {
    liq_lib = liq_open(CC_LIQ_SONAME, &liq_api, liq_failure, sizeof liq_failure);
}

const cc_liq_api *cc_liq_api_get(char *msg, size_t msglen) {
    pthread_once(&liq_once, load_liq);
    if (liq_lib) return &liq_api;
    cc_set_msg(msg, msglen, liq_failure);
    return NULL;
}
