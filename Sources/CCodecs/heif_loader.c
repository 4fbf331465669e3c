// Loads libheif on first use, once per process.
#include "heif_loader.h"
#include "dl_library.h"
#include <pthread.h>

CC_DL_DEFINE_OPEN(heif_open, cc_heif_library_check, cc_heif_api, CC_HEIF_FUNCTIONS, "libheif", "libheif1", "libheif 1.13 or newer")

static pthread_once_t heif_once = PTHREAD_ONCE_INIT;
static cc_heif_api heif_api;
static void *heif_lib;  // never closed: its function pointers are handed out for the life of the process
static char heif_failure[300];

static void load_heif(void) {
    heif_lib = heif_open(CC_HEIF_SONAME, &heif_api, heif_failure, sizeof heif_failure);
    // libheif 1.13+ wants heif_init before use (it registers its codec plugins).
    if (heif_lib) heif_api.heif_init(NULL);
}

const cc_heif_api *cc_heif_api_get(char *msg, size_t msglen) {
    pthread_once(&heif_once, load_heif);
    if (heif_lib) return &heif_api;
    cc_set_msg(msg, msglen, heif_failure);
    return NULL;
}
