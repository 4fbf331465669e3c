import CSystem

/// Keeps a terminal's mode safe from the fatal signals while a program holds it changed for a
/// moment (TerminalProbe's wait for replies, echo off, up to a second): a Ctrl-C or SIGTERM
/// then puts the mode back before the signal ends the program as it would have, instead of
/// leaving the shell without echo. Ctrl-Z (SIGTSTP) puts the mode back, stops the job and
/// sets the mode again on `fg`. Signals that already have a handler are left to it.
/// One terminal at a time: the mode lives where a signal handler can reach it.
public enum TerminalModeGuard {
    /// Remembers `fd`'s mode as it is now (call it before changing the mode) and catches
    /// `FatalSignals.caught` and SIGTSTP until `disarm()`; false when the mode cannot be read.
    public static func arm(fd: Int32) -> Bool {
        FatalSignals.caught.withUnsafeBufferPointer { cc_terminal_mode_arm(fd, $0.baseAddress, Int32($0.count)) } == 0
    }

    /// Puts the signals' dispositions back: call it once the mode is restored.
    public static func disarm() { cc_terminal_mode_disarm() }
}
