// ncursesw for Swift. SwiftPM drops the -D flags pkg-config prints, so the
// wide-character API is switched on here, before curses.h is read.
//
// ncursesw (and libtinfo under it) is opened with dlopen when the picker first starts a
// screen (`cnc_load`), not linked: commands that draw no screen — `thumb`, an fzf preview
// run per keystroke — do not pay for loading it (about 0.2 ms of every process; issue 14
// §4). curses.h is kept for the types and constants; every function the backend calls goes
// through the table below, by an inline wrapper prefixed `cnc_`. Swift cannot import
// function-like macros, macros built from other macros, or mutable C globals either, so
// those have `cnc_` wrappers too.
#ifndef CNCURSESW_H
#define CNCURSESW_H

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
#include <ncursesw/term.h>

// MARK: the library, opened on first use

/// The shared object opened (the soname of Debian 12's libncursesw6).
#define CNC_SONAME "libncursesw.so.6"

/// Every ncursesw and terminfo function called; one list so the table and its loading cannot drift apart.
#define CNC_FUNCTIONS(X) \
    X(newterm) X(set_term) X(delscreen) X(endwin) X(reset_prog_mode) \
    X(raw) X(noecho) X(nonl) X(keypad) X(clearok) X(leaveok) X(curs_set) X(set_escdelay) \
    X(has_colors) X(start_color) X(use_default_colors) X(init_extended_pair) \
    X(wget_wch) X(wtimeout) X(ungetch) X(unget_wch) X(mousemask) X(mouseinterval) X(getmouse) \
    X(setcchar) X(wmove) X(wadd_wch) X(wclear) X(werase) X(wredrawln) X(wrefresh) \
    X(tigetflag) X(tigetstr) X(tiparm)

/// The functions, then the three globals read, looked up the same way (a global's symbol is its address).
#define CNC_TABLE(X) CNC_FUNCTIONS(X) X(stdscr) X(COLORS) X(COLOR_PAIRS)

#define CNC_FIELD(name) __typeof__(name) *name;
/// Pointers to ncursesw's functions and globals, each field named after what it points to.
typedef struct {
    CNC_TABLE(CNC_FIELD)
} cnc_api_table;
#undef CNC_FIELD

/// Opens ncursesw once per process (thread-safe); 1 when it is there with every function,
/// else 0 with the reason ("ncursesw is not installed (apt-get install libncursesw6): …") in `msg`.
int cnc_load(char *msg, size_t msglen);

/// The table; only after `cnc_load` returned 1.
const cnc_api_table *cnc_api(void);

/// 1 when `soname` opens as ncursesw with every function, else 0 with the reason in `msg`;
/// keeps nothing open (for tests).
int cnc_library_check(const char *soname, char *msg, size_t msglen);

// MARK: functions

static inline SCREEN *cnc_newterm(const char *type, FILE *out, FILE *in) { return cnc_api()->newterm(type, out, in); }
static inline SCREEN *cnc_set_term(SCREEN *screen) { return cnc_api()->set_term(screen); }
static inline void cnc_delscreen(SCREEN *screen) { cnc_api()->delscreen(screen); }
static inline int cnc_endwin(void) { return cnc_api()->endwin(); }
static inline int cnc_reset_prog_mode(void) { return cnc_api()->reset_prog_mode(); }
static inline int cnc_raw(void) { return cnc_api()->raw(); }
static inline int cnc_noecho(void) { return cnc_api()->noecho(); }
static inline int cnc_nonl(void) { return cnc_api()->nonl(); }
static inline int cnc_keypad(WINDOW *w, bool on) { return cnc_api()->keypad(w, on); }
static inline int cnc_clearok(WINDOW *w, bool on) { return cnc_api()->clearok(w, on); }
static inline int cnc_leaveok(WINDOW *w, bool on) { return cnc_api()->leaveok(w, on); }
static inline int cnc_curs_set(int visibility) { return cnc_api()->curs_set(visibility); }
static inline int cnc_set_escdelay(int ms) { return cnc_api()->set_escdelay(ms); }
static inline bool cnc_has_colors(void) { return cnc_api()->has_colors(); }
static inline int cnc_start_color(void) { return cnc_api()->start_color(); }
static inline int cnc_use_default_colors(void) { return cnc_api()->use_default_colors(); }
static inline int cnc_init_extended_pair(int pair, int fg, int bg) { return cnc_api()->init_extended_pair(pair, fg, bg); }
static inline int cnc_wget_wch(WINDOW *w, wint_t *ch) { return cnc_api()->wget_wch(w, ch); }
static inline void cnc_wtimeout(WINDOW *w, int ms) { cnc_api()->wtimeout(w, ms); }
static inline int cnc_ungetch(int ch) { return cnc_api()->ungetch(ch); }
static inline int cnc_unget_wch(wchar_t ch) { return cnc_api()->unget_wch(ch); }
static inline mmask_t cnc_mousemask(mmask_t mask, mmask_t *old) { return cnc_api()->mousemask(mask, old); }
static inline int cnc_mouseinterval(int ms) { return cnc_api()->mouseinterval(ms); }
static inline int cnc_wclear(WINDOW *w) { return cnc_api()->wclear(w); }
static inline int cnc_werase(WINDOW *w) { return cnc_api()->werase(w); }
static inline int cnc_wmove(WINDOW *w, int y, int x) { return cnc_api()->wmove(w, y, x); }
static inline int cnc_wredrawln(WINDOW *w, int first, int count) { return cnc_api()->wredrawln(w, first, count); }
static inline int cnc_wrefresh(WINDOW *w) { return cnc_api()->wrefresh(w); }
static inline int cnc_tigetflag(const char *name) { return cnc_api()->tigetflag(name); }

// MARK: globals

/// `stdscr` is a C global Swift 6 rejects as not concurrency-safe.
static inline WINDOW *cnc_stdscr(void) { return *cnc_api()->stdscr; }
/// How many colours the current terminal has (`COLORS`, valid after `start_color`).
static inline int cnc_colors(void) { return *cnc_api()->COLORS; }
/// How many colour pairs the current terminal has (`COLOR_PAIRS`, valid after `start_color`).
static inline int cnc_color_pairs(void) { return *cnc_api()->COLOR_PAIRS; }

// MARK: macros

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
    if (cnc_api()->getmouse(&event) != OK) return ERR;
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
    if (cnc_api()->setcchar(&cell, wch, attrs, 0, &extended) != OK) return ERR;
    if (cnc_api()->wmove(w, y, x) != OK) return ERR;
    return cnc_api()->wadd_wch(w, &cell);
}

/// Columns the C library gives a character (`wcwidth`, hidden by glibc without `_XOPEN_SOURCE`).
static inline int cnc_wcwidth(wchar_t c) {
    extern int wcwidth(wchar_t);
    return wcwidth(c);
}

// MARK: terminfo

/// True when a terminfo string capability is present (tigetstr's -1 / NULL are "absent").
static inline int cnc_has_string_cap(const char *name) {
    char *value = cnc_api()->tigetstr(name);
    return value != NULL && value != (char *)-1;
}

/// A terminfo string capability with up to two numbers filled in (`cup`: row, column;
/// `setaf`: a colour), or NULL when the terminal has none. The text is tiparm's own buffer,
/// valid until its next call.
static inline const char *cnc_tiparm(const char *name, int a, int b) {
    char *value = cnc_api()->tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return cnc_api()->tiparm(value, a, b);
}

#endif
