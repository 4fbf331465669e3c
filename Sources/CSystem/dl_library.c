// Opening shared objects on first use (see include/dl_library.h).
#include "include/dl_library.h"

void *cc_dl_open(const char *soname, const char *what, const char *package, char *msg, size_t msglen) {
    void *lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!lib && msg && msglen) {
        const char *why = dlerror();
        snprintf(msg, msglen, "%s is not installed (apt-get install %s): %s", what, package, why ? why : soname);
    }
    return lib;
}

void cc_dl_refuse(void *lib, const char *what, const char *missing, const char *needed, char *msg, size_t msglen) {
    if (msg && msglen) snprintf(msg, msglen, "the installed %s lacks %s (%s is needed)", what, missing, needed);
    dlclose(lib);
}
