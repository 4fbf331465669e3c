/// A key press, as the terminal reports it.
public enum Key: Hashable, Sendable {
    /// A printable character (already decoded from UTF-8).
    case character(Character)
    /// Ctrl plus a letter, lower-case: `.control("a")` is Ctrl-A. (Ctrl-C arrives as `Event.interrupt`.)
    case control(Character)
    /// Enter / Return.
    case enter
    /// Escape on its own (not the start of a sequence).
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace.
    case backspace
    /// Delete (forward).
    case delete
    /// Insert.
    case insert
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// F1–F12.
    case function(Int)
    /// Text pasted into a terminal in bracketed-paste mode (xterm's mode 2004), whole, its
    /// control characters (newlines, tabs) made spaces: text to type, never keys to act on.
    case paste(String)
}

/// A mouse report.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press(Button)
        /// A button came up.
        case release(Button)
        /// The wheel turned up (away from the user).
        case wheelUp
        /// The wheel turned down.
        case wheelDown
    }

    /// Mouse buttons.
    public enum Button: Hashable, Sendable {
        /// Usually the primary button.
        case left
        /// The middle button.
        case middle
        /// Usually the secondary button.
        case right
    }

    /// What happened.
    public var kind: Kind
    /// Where, in screen cells.
    public var position: Point

    /// Creates a mouse report.
    public init(kind: Kind, position: Point) {
        self.kind = kind
        self.position = position
    }
}

/// Something the run loop must react to.
public enum Event: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// A mouse report.
    case mouse(MouseEvent)
    /// The screen has a new size (also sent after resuming from Ctrl-Z, to force a full redraw).
    case resize(Size)
    /// Ctrl-C or SIGINT: the program should stop with status 130.
    case interrupt
    /// SIGTERM: the program should stop at once, restoring the terminal (status 143).
    case terminate
    /// SIGHUP: the terminal went away (an SSH connection dropped); stop as for SIGTERM, with
    /// the status shells give a hang-up (129).
    case hangup
    /// SIGQUIT (`kill -QUIT`; Ctrl-\ in the picker is a byte in raw mode, not this) or any
    /// other signal whose default would end the program (SIGUSR1, SIGALRM…, see
    /// `FatalSignals`): stop as for SIGTERM, restoring the terminal, with the status shells
    /// give it (128 + the signal).
    case fatalSignal(Int32)
}
