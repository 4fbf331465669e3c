import MediaPicker
@testable import MediapickCLI
import TerminalUI

/// The app's main screen over `library` in ASCII without colours (72x24, thumbnails of 20x8,
/// no disk cache), for the tests that read its grid of chosen files; at most `limit` files
/// (0: any number; the configuration's default unless given).
@MainActor
func chosenGridScreen(_ library: MediaLibrary, limit: Int = PickerConfiguration.defaultSelectionLimit) -> (host: ViewHost<[PickerResult]>, shelf: ThumbnailShelf, backend: InMemoryBackend) {
    var configuration = PickerConfiguration()
    configuration.selectionLimit = limit
    configuration.symbols = .ascii
    configuration.colors = .none
    configuration.diskCacheEnabled = false
    let shelf = AppMode.makeShelf(configuration, tile: CellSize(columns: 20, rows: 8))
    let backend = InMemoryBackend(size: Size(width: 72, height: 24), colorDepth: .none)
    let host = ViewHost(MainScreen(configuration: configuration, library: library, shelf: shelf), backend: backend, stopsWith: [PickerResult].self)
    return (host, shelf, backend)
}
