// Shared objects opened on first use, for libraries that only some work needs: a process
// that never needs one pays neither for loading it nor for its dependencies' constructors.
// Included by the C targets that load libraries this way (CCodecs, CNcursesw); not part of
// the CSystem module Swift imports (CSystem.h does not include it).
#ifndef CC_DL_LIBRARY_H
#define CC_DL_LIBRARY_H

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

/// dlopen of `soname` with RTLD_LOCAL (its symbols stay out of the global namespace); NULL
/// when it cannot be opened, with "`what` is not installed (apt-get install `package`): …" in `msg`.
void *cc_dl_open(const char *soname, const char *what, const char *package, char *msg, size_t msglen);

/// Closes `lib` and says, in `msg`, which function `what` lacks (`needed` names the version that has it).
void cc_dl_refuse(void *lib, const char *what, const char *missing, const char *needed, char *msg, size_t msglen);

/// One field of a library's table of functions (`typedef struct { FUNCTIONS(CC_DL_FIELD) } api;`):
/// a pointer typed like the function, named after it.
#define CC_DL_FIELD(name) __typeof__(name) *name;

/// Defines two functions for a library whose functions the X-macro list `FUNCTIONS` names:
/// - `static void *open_fn(const char *soname, api_type *api, char *msg, size_t msglen)` opens
///   `soname` and sets each field of `*api` to the function of the same name, returning the
///   handle; NULL with a message for the user when the library is missing or lacks one
///   (`needed` names the version that has them all);
/// - `int check_fn(const char *soname, char *msg, size_t msglen)`: 1 when that would succeed
///   (the library is closed again), else 0 with the message; keeps no state, so tests can ask.
#define CC_DL_DEFINE_OPEN(open_fn, check_fn, api_type, FUNCTIONS, what, package, needed) \
    static void *open_fn(const char *soname, api_type *api, char *msg, size_t msglen) { \
        void *lib = cc_dl_open(soname, what, package, msg, msglen); \
        if (!lib) return NULL; \
        const char *missing = NULL; \
        FUNCTIONS(CC_DL_LOOKUP) \
        if (missing) { \
            cc_dl_refuse(lib, what, missing, needed, msg, msglen); \
            return NULL; \
        } \
        return lib; \
    } \
    int check_fn(const char *soname, char *msg, size_t msglen) { \
        api_type api; \
        void *lib = open_fn(soname, &api, msg, msglen); \
        if (!lib) return 0; \
        dlclose(lib); \
        return 1; \
    }

/// One name of a `CC_DL_DEFINE_OPEN` list: sets `api->name`, keeps the first name not found in `missing`.
#define CC_DL_LOOKUP(name) \
    api->name = (__typeof__(name) *)dlsym(lib, #name); \
    if (!api->name && !missing) missing = #name;

/// Defines `const api_type *get_fn(char *msg, size_t msglen)`: the process's copy of the
/// library, opened by `open_fn` (see `CC_DL_DEFINE_OPEN`) on the first call from any thread,
/// then `after_open(&api)` run once; NULL with the reason in `msg` (when not NULL) when it cannot be opened.
/// The library is never closed: its function pointers are handed out for the life of the process.
#define CC_DL_DEFINE_GET(get_fn, open_fn, api_type, soname, after_open) \
    static pthread_once_t get_fn##_once = PTHREAD_ONCE_INIT; \
    static api_type get_fn##_api; \
    static void *get_fn##_lib; \
    static char get_fn##_failure[300]; \
    static void get_fn##_load(void) { \
        get_fn##_lib = open_fn(soname, &get_fn##_api, get_fn##_failure, sizeof get_fn##_failure); \
        if (get_fn##_lib) after_open(&get_fn##_api); \
    } \
    const api_type *get_fn(char *msg, size_t msglen) { \
        pthread_once(&get_fn##_once, get_fn##_load); \
        if (get_fn##_lib) return &get_fn##_api; \
        if (msg && msglen) snprintf(msg, msglen, "%s", get_fn##_failure); \
        return NULL; \
    }

/// The table `CC_DL_DEFINE_GET(get_fn, …)` fills, for code in the same file that calls it on a
/// hot path after `get_fn` has returned it once (no `pthread_once` a call).
#define CC_DL_LOADED_TABLE(get_fn) (&get_fn##_api)

/// An `after_open` for libraries that need nothing once opened.
#define CC_DL_NO_SETUP(api) ((void)(api))

#endif
