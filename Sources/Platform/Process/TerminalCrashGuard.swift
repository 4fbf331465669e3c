import CSystem

/// Gives the terminal back if the program crashes while a screen holds it: a fault
/// (`FatalSignals.faults`) first writes the bytes that leave the screen's modes and a line
/// saying mediapick crashed to the tty, puts the tty's mode back, and then ends the program
/// as it would have (status 128 + N, a core where allowed). Without it a crash left the shell
/// without echo, in the alternate screen, with every click typing escapes.
/// One terminal at a time: the mode lives where a signal handler can reach it.
public enum TerminalCrashGuard {
    /// What takes an xterm-like terminal out of a curses screen's modes: mouse reports off
    /// (X10, button, any-motion, SGR), bracketed paste off, the keypad's normal mode, the
    /// cursor shown, the main screen back. Terminals that lack one ignore it.
    public static let leaveScreen = Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?1l\u{1B}>\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Remembers `fd`'s mode as it is now (call it before the screen changes it) and catches the
    /// faults (those not ignored; a handler found, such as the Swift runtime's backtracer, runs
    /// after) until `disarm()`; false when the mode cannot be read.
    public static func arm(fd: Int32, leaving leave: [UInt8] = leaveScreen) -> Bool {
        leave.withUnsafeBufferPointer { bytes in
            FatalSignals.faults.withUnsafeBufferPointer { signals in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    cc_crash_guard_arm(fd, chars.baseAddress, chars.count, signals.baseAddress, Int32(signals.count))
                }
            }
        } == 0
    }

    /// Puts the faults' dispositions back: call it when the screen gives the terminal back.
    public static func disarm() { cc_crash_guard_disarm() }
}
