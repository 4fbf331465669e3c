#include "CCodecs.h"

const char *cc_versions(void) { return "codecs"; }
