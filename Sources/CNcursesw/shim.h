// ncursesw for Swift. SwiftPM drops the -D flags pkg-config prints, so the
// wide-character API is switched on here, before curses.h is read.
//
// Swift cannot import function-like macros, macros built from other macros, or
// mutable C globals (Swift 6 rejects them as not concurrency-safe), so each one the
// backend needs has a small inline wrapper below, prefixed `cnc_`.
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
#include <signal.h>
#include <pthread.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// MARK: globals

/// `stdscr` is a C global Swift 6 rejects as not concurrency-safe.
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
/// How many colours the current terminal has (`COLORS`, valid after `start_color`).
static inline int cnc_colors(void) { return COLORS; }
/// How many colour pairs the current terminal has (`COLOR_PAIRS`, valid after `start_color`).
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }

// MARK: macros

/// The attribute bits that select colour pair `n` (`COLOR_PAIR`; only for pairs < 256).
static inline attr_t cnc_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }
/// Rows of a window (`getmaxy`).
static inline int cnc_getmaxy(WINDOW *w) { return getmaxy(w); }
/// Columns of a window (`getmaxx`).
static inline int cnc_getmaxx(WINDOW *w) { return getmaxx(w); }

static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_italic(void) { return A_ITALIC; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }

/// The key code of function key `n` (`KEY_F(n)`).
static inline int cnc_key_f(int n) { return KEY_F(n); }

// MARK: mouse masks (built from NCURSES_MOUSE_MASK, not importable)

static inline mmask_t cnc_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cnc_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cnc_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cnc_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cnc_button2_pressed(void) { return BUTTON2_PRESSED; }
static inline mmask_t cnc_button2_released(void) { return BUTTON2_RELEASED; }
static inline mmask_t cnc_button2_clicked(void) { return BUTTON2_CLICKED; }
static inline mmask_t cnc_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t cnc_button3_released(void) { return BUTTON3_RELEASED; }
static inline mmask_t cnc_button3_clicked(void) { return BUTTON3_CLICKED; }
static inline mmask_t cnc_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cnc_button5_pressed(void) { return BUTTON5_PRESSED; }

/// Reads the pending mouse report: its button state and cell; returns ERR when none.
static inline int cnc_getmouse(mmask_t *bstate, int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return ERR;
    *bstate = event.bstate;
    *x = event.x;
    *y = event.y;
    return OK;
}

// MARK: wide-character output

/// Draws one cell at (y, x): the scalars of a grapheme cluster (`wch`, NUL-terminated,
/// base character first, then combining marks), with attributes and an extended colour
/// pair (`setcchar` takes the pair through `opts` so pairs above 32767 work).
static inline int cnc_put_cell(WINDOW *w, int y, int x, const wchar_t *wch, attr_t attrs, int pair) {
    cchar_t cell;
    int extended = pair;
    if (setcchar(&cell, wch, attrs, 0, &extended) != OK) return ERR;
    return mvwadd_wch(w, y, x, &cell);
}

/// Columns the C library gives a character (`wcwidth`, hidden by glibc without `_XOPEN_SOURCE`).
static inline int cnc_wcwidth(wchar_t c) {
    extern int wcwidth(wchar_t);
    return wcwidth(c);
}

// MARK: terminfo

/// True when a terminfo string capability is present (tigetstr's -1 / NULL are "absent").
static inline int cnc_has_string_cap(const char *name) {
    char *value = tigetstr(name);
    return value != NULL && value != (char *)-1;
}

// MARK: job control

/// Stops the process as Ctrl-Z would, and returns once it is continued (`fg`). SIGTSTP's
/// handler (the backend observes it) is set aside and the signal unblocked for the
/// duration, so the default action — stop — happens; then both are put back.
static inline void cnc_stop_self(void) {
    struct sigaction dfl, old;
    sigset_t tstp, oldmask;
    sigemptyset(&dfl.sa_mask);
    dfl.sa_flags = 0;
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGTSTP, &dfl, &old);
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &tstp, &oldmask);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &oldmask, NULL);
    sigaction(SIGTSTP, &old, NULL);
}

#endif
