/// The `mediapick` command: parses the arguments, runs the mode asked for, and maps every
/// ending to an exit status. Never exits itself (`main.swift` does, with the status).
public enum Command {
    /// Runs the command with `arguments` (without the program name) and returns the exit status.
    @MainActor
    public static func run(arguments: [String]) async -> Int32 {
        await run(rawArguments: arguments.map { Array($0.utf8) })
    }

    /// Runs the command with the exact bytes of `argv` (without the program name).
    @MainActor
    public static func run(rawArguments: [[UInt8]]) async -> Int32 {
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(raw: rawArguments)
        } catch {
            Diagnostics.report(error.message)
            Diagnostics.write(HelpText.tryHelp + "\n")
            return ExitStatus.error.rawValue
        }
        let status: ExitStatus
        do throws(CommandError) {
            status = try await run(invocation)
        } catch {
            Diagnostics.report(error.description)
            status = .error
        }
        return status.rawValue
    }

    @MainActor
    private static func run(_ invocation: Invocation) async throws(CommandError) -> ExitStatus {
        switch invocation {
        case .help(let topic):
            try OutputSink.writeStandardOutput(Array(HelpText.text(for: topic).utf8))
            return .picked
        case .version:
            try OutputSink.writeStandardOutput(Array(HelpText.versionText.utf8))
            return .picked
        case .pick(let options):
            return try await PickMode.run(options)
        case .app(let options):
            return try await AppMode.run(options, library: .paths)
        case .demo(let options):
            return try await AppMode.run(options, library: .demo)
        case .thumb(let options):
            return await ThumbCommand.run(options)
        }
    }
}
