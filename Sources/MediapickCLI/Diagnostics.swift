import TerminalUI

/// Messages on stderr: one line each, starting `mediapick: `.
public enum Diagnostics {
    /// Prints `mediapick: <message>` and a newline on stderr (control characters made visible).
    public static func report(_ message: String) {
        write("mediapick: " + SafeText.terminalSafe(message) + "\n")
    }

    /// Writes text to stderr as it is (the export's progress line, which rewrites itself).
    public static func write(_ text: String) {
        try? OutputSink.write(Array(text.utf8), to: 2)
    }
}
