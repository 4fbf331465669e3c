import TerminalUI

/// Messages on stderr: one line each, starting `mediapick: `.
public enum Diagnostics {
    /// Prints `mediapick: <message>` and a newline on stderr (control characters made visible).
    public static func report(_ message: String) {
        try? OutputSink.write(Array(("mediapick: " + SafeText.visible(message) + "\n").utf8), to: 2)
    }
}
