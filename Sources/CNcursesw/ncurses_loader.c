// Opens ncursesw on first use, once per process (see include/CNcursesw.h).
#include "include/CNcursesw.h"
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static cnc_api_table table;
static int loaded;  // the library is never closed: its functions are used for the life of the process
static char failure[300];

/// Looks up `name` into `*slot`; keeps the first name not found in `*missing`.
static void look_up(void *lib, const char *name, void **slot, const char **missing) {
    *slot = dlsym(lib, name);
    if (!*slot && !*missing) *missing = name;
}

static void load(void) {
    void *lib = dlopen(CNC_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "ncursesw is not installed (apt-get install libncursesw6): %s", why ? why : CNC_SONAME);
        return;
    }
    const char *missing = NULL;
#define CNC_LOOK_UP(name) look_up(lib, #name, (void **)&table.name, &missing);
    CNC_FUNCTIONS(CNC_LOOK_UP)
#undef CNC_LOOK_UP
    look_up(lib, "stdscr", (void **)&table.stdscr_at, &missing);
    look_up(lib, "COLORS", (void **)&table.colors_at, &missing);
    look_up(lib, "COLOR_PAIRS", (void **)&table.color_pairs_at, &missing);
    if (missing) {
        snprintf(failure, sizeof failure, "the installed ncursesw lacks %s (ncurses 6.1 or newer is needed)", missing);
        dlclose(lib);
        return;
    }
    loaded = 1;
}

int cnc_load(char *msg, size_t msglen) {
    pthread_once(&once, load);
    if (!loaded && msg && msglen) snprintf(msg, msglen, "%s", failure);
    return loaded;
}

const cnc_api_table *cnc_api(void) { return &table; }
