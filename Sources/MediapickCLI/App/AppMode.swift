import CellArt
import MediaPicker
import Platform
import TerminalUI

/// `mediapick app` and `mediapick demo`: the main screen on /dev/tty; on `q` the chosen
/// files are emitted as pick mode would.
@MainActor
public enum AppMode {
    /// Where the app's library comes from.
    public enum LibraryKind: Sendable {
        /// The PATH operands (or stdin, or `.`), as in pick mode.
        case paths
        /// The sample library kept in the cache home (`DemoLibrary`).
        case demo
    }

    /// The thumbnail size of the main screen's grid.
    public static let tileSize = CellSize(columns: 20, rows: 8)

    /// Runs the app and emits the chosen files.
    public static func run(_ options: PickOptions, library kind: LibraryKind) async throws(CommandError) -> ExitStatus {
        var options = appOptions(options)
        var demo: DemoLibrary?
        if kind == .demo {
            let opened = try DemoLibrary.open()
            demo = opened
            options = demoOptions(options, library: opened.directory)
        }

        let session = try PickSession.open(options, name: kind == .demo ? "demo library" : nil)
        let shelf = makeShelf(session.configuration, tile: options.tile ?? tileSize)
        let camera = CameraAccess(options: cameraOptions(options, demoLibrary: demo?.directory),
                                  environment: ProcessEnvironment.variables(), renderer: CameraSetup.renderer(session.configuration.artOptions()))
        let outcome = await Application(backend: session.terminal.backend, stopsWith: [PickerResult].self)
            .run(MainScreen(configuration: session.configuration, library: session.library, shelf: shelf, camera: camera))
        shelf.cancel()
        let status = try session.finish(outcome, options: options)
        // After the results: where the files they name are, which the demo wrote into the cache.
        if let demo, case .stopped = outcome { Diagnostics.report(keptNote(demo.directory)) }
        return status
    }

    /// The line on stderr at the end of a demo: where its files stay, as they are not removed.
    nonisolated static func keptNote(_ directory: RawPath) -> String {
        "the demo's sample library stays in \(directory.visible) (rm -r it when done)"
    }

    /// The options of the app: no limit unless one was given. `-l N` bounds the files chosen in
    /// all, not each sheet, so pick mode's default of 1 would end the app's use at one file.
    nonisolated static func appOptions(_ options: PickOptions) -> PickOptions {
        var options = options
        if options.limit == nil { options.limit = PickerConfiguration.noSelectionLimit }
        return options
    }

    /// The options of the demo: its library the only PATH, no limit unless one was given, and
    /// no disk cache. The library is mediapick's own, in its own folder of the cache home, which
    /// the user may remove at any time; thumbnails cached for it would fill the user's
    /// `$XDG_CACHE_HOME/thumbnails`, which file managers share, with entries nobody asked for.
    nonisolated static func demoOptions(_ options: PickOptions, library: RawPath) -> PickOptions {
        var options = appOptions(options)
        options.paths = [library]
        options.diskCache = false
        return options
    }

    /// The main screen's thumbnails: `tile` cells each, drawn as the picker's tiles are (its
    /// graphics protocol, or cell art in the cells' shape), through the configured disk cache.
    static func makeShelf(_ configuration: PickerConfiguration, tile: CellSize) -> ThumbnailShelf {
        let art = configuration.artOptions(columns: tile.columns, rows: tile.rows)
        let renderer = ThumbnailRendering.renderer(graphics: configuration.graphics, cellPixelSize: configuration.cellPixelSize, options: art)
        return ThumbnailShelf(options: art, renderer: renderer, cache: configuration.makeDiskCache())
    }

    /// The camera of the main screen: the first webcam, photos into the pictures folder; in
    /// the demo, the test pattern, photos into the demo's library, so that they show there and
    /// stay with it instead of landing in the user's real pictures folder.
    nonisolated static func cameraOptions(_ options: PickOptions, demoLibrary: RawPath?) -> CameraOptions {
        var camera = CameraOptions()
        camera.jpegQuality = options.jpegQuality
        if let demoLibrary {
            camera.device = Array(CameraAccess.demoDevice.utf8)
            camera.export = demoLibrary
        }
        return camera
    }
}
