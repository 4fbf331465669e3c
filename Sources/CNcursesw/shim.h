// ncursesw for Swift. SwiftPM drops the -D flags pkg-config prints, so the
// wide-character API is switched on here, before curses.h is read.
#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif

#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <ncursesw/curses.h>

/// `stdscr` is a C global Swift 6 rejects as not concurrency-safe.
static inline WINDOW *cnc_stdscr(void) { return stdscr; }

#endif
