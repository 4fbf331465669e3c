/// The `mediapick` command. (Filled in by the command work.)
public enum Command {
    /// Runs the command with `arguments` (without the program name) and returns the exit status.
    @MainActor
    public static func run(arguments: [String]) async -> Int32 { 0 }
}
