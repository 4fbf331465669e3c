// Opens ncursesw on first use, once per process (see include/CNcursesw.h), the way CCodecs
// opens the libraries of some formats (CSystem's dl_library.h).
#include "include/CNcursesw.h"
#include <dl_library.h>

CC_DL_DEFINE_OPEN(ncurses_open, cnc_library_check, cnc_api_table, CNC_TABLE, "ncursesw", "libncursesw6", "ncurses 6.1 or newer")
CC_DL_DEFINE_GET(cnc_api_get, ncurses_open, cnc_api_table, CNC_SONAME, CC_DL_NO_SETUP)

int cnc_load(char *msg, size_t msglen) { return cnc_api_get(msg, msglen) != NULL; }

// Every cnc_ wrapper goes through here, a call per cell drawn: the table as it is, valid
// once cnc_load returned 1 (the header's contract), without cnc_api_get's pthread_once.
const cnc_api_table *cnc_api(void) { return CC_DL_LOADED_TABLE(cnc_api_get); }
