import CSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this program is the terminal's foreground job, and waiting until it is. A screen
/// program started in the background (`mediapick &`, or under `timeout` without
/// `--foreground`) gets no keys; it stops until `fg`, as vim, less and fzf do.
public enum TerminalForeground {
    /// True when the terminal `fd` has this process's group in the foreground, or is not a
    /// controlling terminal (then there is nothing to wait for).
    public static func isForeground(_ fd: Int32) -> Bool { cc_is_foreground(fd) != 0 }

    /// True when SIGTTIN would stop this process (not ignored, as `nohup`-like parents leave it).
    public static var canStop: Bool { cc_sigttin_stops() != 0 }

    /// Stops this process group until it is the foreground job of `fd`; false when it cannot
    /// wait (SIGTTIN ignored, or an orphaned process group, whose stops the kernel discards).
    public static func wait(_ fd: Int32) -> Bool { cc_wait_for_foreground(fd) == 0 }

    /// Stops the job as Ctrl-Z does (the whole process group, SIGTSTP at its default) and
    /// returns once it is continued: in raw mode the tty sends no SIGTSTP, and a program
    /// that stopped only itself left the rest of a pipeline running and the shell waiting.
    public static func stopJob() { cc_stop_job(SIGTSTP) }
}
