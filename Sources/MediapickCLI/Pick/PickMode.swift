import Foundation
import MediaPicker
import TerminalUI

/// Pick mode: the picker alone on /dev/tty, the results on stdout (or `-o`), like fzf.
@MainActor
public enum PickMode {
    /// Runs the picker and emits what was picked.
    public static func run(_ options: PickOptions) async throws(CommandError) -> ExitStatus {
        let environment = ProcessInfo.processInfo.environment
        let fromStandardInput = CandidateSources.useStandardInput(paths: options.paths)
        let sources = CandidateSources.sources(paths: options.paths, fromStandardInput: fromStandardInput)
        let library = PickerSetup.library(options, sources: sources,
                                          name: CandidateSources.libraryName(paths: options.paths, fromStandardInput: fromStandardInput))
        defer { library.cancel() }
        let terminal = try TerminalSession.open(colors: options.colors)
        if fromStandardInput { CandidateSources.feedStandardInput(into: library, read0: options.read0) }
        let config = PickerSetup.configuration(options, symbols: DisplaySettings.symbols(options.symbols, environment: environment),
                                               colors: terminal.backend.colorDepth,
                                               sources: sources)
        let outcome: RunOutcome
        do {
            let picker = PickerController(configuration: config, library: library)
            let application = Application(backend: terminal.backend)
            let finisher = PickFinisher(application: application)
            picker.delegate = finisher
            outcome = await application.run(controller: picker)
            // The picker holds its delegate weakly: keep the finisher alive for the whole run.
            withExtendedLifetime(finisher) {}
        }
        // The terminal is given back before anything is printed (stdout may be the terminal).
        terminal.restore()
        if let status = outcome.signalExitStatus { return ExitStatus(rawValue: status) ?? .error }
        let results = outcome.value(as: [PickerResult].self) ?? []
        return try ResultEmitter.emit(results.map(OutputRecord.init), options: options)
    }
}
