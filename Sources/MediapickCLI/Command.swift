import Platform
#if canImport(Glibc)
import Glibc
#endif
/// The `mediapick` command: parses the arguments, runs the mode asked for, and maps every
/// ending to an exit status. Never exits itself (`main.swift` does, with the status).
///
/// Two steps, so that the short commands (`thumb`, `--help`, `--version`, a usage error)
/// finish without starting Swift concurrency's runtime, and only the interactive modes run
/// on the main actor.
public enum Command {
    /// What is left to do after `start`.
    public enum Start: Sendable {
        /// Done; exit with this status.
        case finished(Int32)
        /// An interactive mode (pick, app, demo): run it with `run(_:)` on the main actor.
        case interactive(Invocation)
    }

    /// Parses the exact bytes of `argv` (without the program name) and runs whatever needs no
    /// terminal UI; the rest is handed back.
    public static func start(rawArguments: [[UInt8]]) -> Start {
        // A reader that goes away (`mediapick thumb big.jpg | head -c 1`) ends the program
        // quietly with SIGPIPE, status 141, as shells expect — even when whoever started it
        // ignored SIGPIPE, which would otherwise turn into a write error and a message.
        signal(SIGPIPE, SIG_DFL)
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(raw: rawArguments)
        } catch {
            // One line, as fzf and chafa say it, and as the man page promises (no "Try --help").
            let isAFile = error.argument.map { (try? FileStat.of($0, followingSymlinks: false).get()) != nil } ?? false
            Diagnostics.report(error.message(argumentIsAFile: isAFile))
            return .finished(ExitStatus.error.rawValue)
        }
        guard let status = runWithoutTerminal(invocation) else { return .interactive(invocation) }
        return .finished(status.rawValue)
    }

    /// Runs `--help`, `--version` and `thumb`; nil for the modes that need the terminal.
    private static func runWithoutTerminal(_ invocation: Invocation) -> ExitStatus? {
        do throws(CommandError) {
            switch invocation {
            case .help(let topic):
                try OutputSink.writeStandardOutput(Array(HelpText.text(for: topic).utf8))
                return .picked
            case .version:
                try OutputSink.writeStandardOutput(Array(HelpText.versionText.utf8))
                return .picked
            case .thumb(let options):
                return ThumbCommand.run(options)
            case .camera(let options) where options.list:
                return try CameraMode.list()
            case .pick, .app, .demo, .camera:
                return nil
            }
        } catch {
            Diagnostics.report(error.description)
            return .error
        }
    }

    /// Runs the mode `invocation` asks for (interactive or not) and returns the exit status.
    @MainActor
    public static func run(_ invocation: Invocation) async -> Int32 {
        if let status = runWithoutTerminal(invocation) { return status.rawValue }
        let status: ExitStatus
        do throws(CommandError) {
            switch invocation {
            case .pick(let options):
                status = try await PickMode.run(options)
            case .app(let options):
                status = try await AppMode.run(options, library: .paths)
            case .demo(let options):
                status = try await AppMode.run(options, library: .demo)
            case .camera(let options):
                status = try await CameraMode.run(options)
            case .help, .version, .thumb:
                return ExitStatus.error.rawValue  // handled above
            }
        } catch {
            Diagnostics.report(error.description)
            status = .error
        }
        return status.rawValue
    }

    /// Runs the command with the exact bytes of `argv` (without the program name) and returns
    /// the exit status: both steps in one, for tests and embedding.
    @MainActor
    public static func run(rawArguments: [[UInt8]]) async -> Int32 {
        switch start(rawArguments: rawArguments) {
        case .finished(let status): return status
        case .interactive(let invocation): return await run(invocation)
        }
    }

    /// Runs the command with `arguments` (without the program name) and returns the exit status.
    @MainActor
    public static func run(arguments: [String]) async -> Int32 {
        await run(rawArguments: arguments.map { Array($0.utf8) })
    }
}
