// Opening shared objects on first use (see dl_library.h).
#include "dl_library.h"

void *cc_dl_open(const char *soname, const char *what, const char *package, char *msg, size_t msglen) {
    void *lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        char text[300];
        const char *why = dlerror();
        snprintf(text, sizeof text, "%s is not installed (apt-get install %s): %s", what, package, why ? why : soname);
        cc_set_msg(msg, msglen, text);
    }
    return lib;
}

void cc_dl_refuse(void *lib, const char *what, const char *missing, const char *needed, char *msg, size_t msglen) {
    char text[300];
    snprintf(text, sizeof text, "the installed %s lacks %s (%s is needed)", what, missing, needed);
    cc_set_msg(msg, msglen, text);
    dlclose(lib);
}
