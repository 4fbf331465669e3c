import CNcursesw
import TerminalUI

/// The terminal, through ncursesw on /dev/tty. (Filled in by the curses backend work.)
public enum CursesTerminalPlaceholder {}
