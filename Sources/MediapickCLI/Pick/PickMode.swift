import MediaPicker
import TerminalUI

/// Pick mode: the picker alone on /dev/tty, the results on stdout (or `-o`), like fzf.
@MainActor
public enum PickMode {
    /// Runs the picker and emits what was picked.
    public static func run(_ options: PickOptions) async throws(CommandError) -> ExitStatus {
        let session = try PickSession.open(options)
        let picker = PickerController(configuration: session.configuration, library: session.library)
        let application = Application(backend: session.terminal.backend, stopsWith: [PickerResult].self)
        let finisher = PickFinisher(application: application)
        picker.delegate = finisher
        let outcome = await application.run(controller: picker)
        // The picker holds its delegate weakly: keep the finisher alive for the whole run.
        withExtendedLifetime(finisher) {}
        return try session.finish(outcome, vanished: finisher.vanished, options: options)
    }
}
