import CellArt
import ColorModel
import MediaPicker
import Platform
import TerminalUI

/// The picker configuration and library for a set of options (pick mode and the app share it).
public enum PickerSetup {
    /// The configuration `options` describe, drawn at `depth` (the backend's) with `symbols`.
    /// (`--preselect` paths are passed as given: the picker matches them to its entries
    /// however they are spelt.)
    public static func configuration(_ options: PickOptions, symbols: SymbolSet, colors: ColorDepth) -> PickerConfiguration {
        var config = PickerConfiguration()
        switch options.filter {
        case .images: config.filter = .images
        case .videos: config.filter = .videos
        case .all: config.filter = nil
        }
        config.selectionLimit = options.limit ?? PickerConfiguration.defaultSelectionLimit
        config.selection = .ordered
        // An export decodes every picture picked: one known broken would fail it all.
        config.refusesUndecodablePictures = options.export != nil
        config.preselectedPaths = options.preselect
        config.initialQuery = options.query
        config.sort = options.sort
        config.reverseSort = options.reverse
        config.symbols = symbols
        config.colors = colors
        config.tileSize = options.tile.map { Size(width: $0.columns, height: $0.rows) }
        config.diskCacheEnabled = options.diskCache
        return config
    }

    /// A library over the candidates.
    public static func library(_ options: PickOptions, sources: [LibrarySource], name: String) -> MediaLibrary {
        MediaLibrary(name: name, sources: sources, options: ScanOptions(recursive: options.recursive, includeHidden: options.hidden))
    }
}

/// The delegate of pick mode's picker: the results end the run loop.
@MainActor
final class PickFinisher: PickerDelegate {
    private let application: Application<[PickerResult]>
    /// The picks whose files were gone when the picker finished.
    private(set) var vanished: [RawPath] = []

    init(application: Application<[PickerResult]>) { self.application = application }

    func picker(_ picker: PickerController, didFinishPicking results: [PickerResult]) {
        vanished = picker.vanishedPicks
        application.stop(results)
    }
}
