// Loads libheif on first use, once per process.
#include "heif_loader.h"
#include <dlfcn.h>
#include <pthread.h>

void *cc_heif_open(const char *soname, cc_heif_api *api, char *msg, size_t msglen) {
    // RTLD_LOCAL: libheif's symbols (and its codecs') stay out of the global namespace.
    void *lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        char text[300];
        const char *why = dlerror();
        snprintf(text, sizeof text, "libheif is not installed (apt-get install libheif1): %s",
                 why ? why : soname);
        cc_set_msg(msg, msglen, text);
        return NULL;
    }
    const char *missing = NULL;
#define CC_HEIF_LOOKUP(name) \
    api->name = (__typeof__(name) *)dlsym(lib, #name); \
    if (!api->name && !missing) missing = #name;
    CC_HEIF_FUNCTIONS(CC_HEIF_LOOKUP)
#undef CC_HEIF_LOOKUP
    if (missing) {
        char text[300];
        snprintf(text, sizeof text, "the installed libheif lacks %s (libheif 1.13 or newer is needed)", missing);
        cc_set_msg(msg, msglen, text);
        dlclose(lib);
        return NULL;
    }
    return lib;
}

static pthread_once_t heif_once = PTHREAD_ONCE_INIT;
static cc_heif_api heif_api;
static void *heif_lib;  // never closed: its function pointers are handed out for the life of the process
static char heif_failure[300];

static void load_heif(void) {
    heif_lib = cc_heif_open(CC_HEIF_SONAME, &heif_api, heif_failure, sizeof heif_failure);
    // libheif 1.13+ wants heif_init before use (it registers its codec plugins).
    if (heif_lib) heif_api.heif_init(NULL);
}

const cc_heif_api *cc_heif_api_get(char *msg, size_t msglen) {
    pthread_once(&heif_once, load_heif);
    if (heif_lib) return &heif_api;
    cc_set_msg(msg, msglen, heif_failure);
    return NULL;
}

int cc_heif_library_check(const char *soname, char *msg, size_t msglen) {
    cc_heif_api api;
    void *lib = cc_heif_open(soname, &api, msg, msglen);
    if (!lib) return 0;
    dlclose(lib);
    return 1;
}
