import CellArt
import MediaPicker
import Platform
import TerminalUI
import Thumbnails

/// `mediapick camera`: the camera full-screen on /dev/tty; the saved photo's path on stdout
/// (or `-o`), as pick mode prints a pick.
@MainActor
public enum CameraMode {
    /// What a camera run stopped with.
    enum Ending: Sendable {
        case photo(RawPath)
        case cancelled
        case failed(CameraError)
    }

    /// Prints the capturing devices, one `PATH<TAB>NAME` a line; none is exit 1.
    nonisolated static func list() throws(CommandError) -> ExitStatus {
        let result = listing(CameraDevice.list())
        try OutputSink.writeStandardOutput(Array(result.text.utf8))
        if let note = result.note { Diagnostics.report(note) }
        return result.status
    }

    /// What `--list` prints for `devices`: the lines for stdout, a note for stderr when there
    /// is none (an empty stdout and exit 1 alone would look like a hang-up or a bug to a
    /// person; a script reading stdout sees nothing either way), and the exit status.
    nonisolated static func listing(_ devices: [CameraDevice]) -> (text: String, note: String?, status: ExitStatus) {
        let text = devices.map { "\($0.path.string)\t\($0.name)\n" }.joined()
        return devices.isEmpty ? (text, CameraError.noDevice.description, .nothingPicked) : (text, nil, .picked)
    }

    /// Runs the camera and emits the photo.
    public static func run(_ options: CameraOptions) async throws(CommandError) -> ExitStatus {
        let environment = ProcessEnvironment.variables()
        // Everything that can fail is asked before the terminal is taken.
        let camera: CameraSetup
        // The probe (up to 3 s, before any screen) runs ffmpeg: a signal then ends ffmpeg
        // first and exits with the signal's status. Left to its default action, it ended
        // mediapick alone, and a network camera's ffmpeg waited on under init for ever.
        let signals = StopSignals()
        do throws(CameraError) {
            defer { signals.end() }
            camera = try CameraSetup.open(options, environment: environment, abandon: signals.arrived)
        } catch {
            if let status = signals.status { return status }
            throw .message(error.description)
        }
        if let status = signals.status { return status }
        var destinations = options.output
        destinations.export = camera.folder  // where Use Photo saves, made if missing
        try ResultEmitter.checkDestinations(destinations)
        let shared = options.output
        let terminal = try TerminalSession.open(colors: shared.colors, graphics: shared.graphics,
                                                cellPixelSize: shared.cellPixelSize, environment: environment)
        let renderer = CameraSetup.renderer(ThumbnailRendering.artOptions(
            symbols: DisplaySettings.symbols(shared.symbols, screen: SafeText.screenCharset), colors: terminal.backend.colorDepth,
            cellPixelSize: terminal.backend.capabilities.cellPixelSize))
        let controller = CameraController(source: camera.source, size: camera.size, ffmpeg: camera.ffmpeg,
                                          renderer: renderer, saver: PhotoSaver(folder: camera.folder, quality: options.jpegQuality))
        let application = Application(backend: terminal.backend, stopsWith: Ending.self)
        let finisher = CameraFinisher(application: application)
        controller.delegate = finisher
        let outcome = await application.run(controller: controller)
        withExtendedLifetime(finisher) {}
        controller.stop()
        terminal.restore()
        switch outcome {
        case .stopped(.photo(let path)):
            return try ResultEmitter.emit([CameraSetup.record(path)], options: shared)
        case .stopped(.cancelled):
            return .nothingPicked
        case .stopped(.failed(let error)):
            throw .message(error.description)
        case .interrupted, .terminated, .hungUp, .killed:
            return ExitStatus(rawValue: outcome.signalExitStatus ?? 1)
        }
    }
}

/// The camera's delegate in `mediapick camera`: its answer ends the run loop.
@MainActor
final class CameraFinisher: CameraControllerDelegate {
    private let application: Application<CameraMode.Ending>

    init(application: Application<CameraMode.Ending>) { self.application = application }

    func camera(_ camera: CameraController, didFinishWith photo: RawPath?) {
        application.stop(photo.map { .photo($0) } ?? .cancelled)
    }

    func camera(_ camera: CameraController, didFailWith error: CameraError) {
        application.stop(.failed(error))
    }
}
