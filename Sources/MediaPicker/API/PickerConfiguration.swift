import CellArt
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MediaDecoding
import TerminalUI
import Platform
import Thumbnails

/// How the picker behaves: what it shows and how much may be picked (PHPickerConfiguration's analog).
public struct PickerConfiguration: Sendable {
    /// How selections are returned (PHPickerConfiguration.Selection's analog).
    public enum Selection: Sendable, Hashable {
        /// Results come back in the order the entries were selected (the default).
        case ordered
        /// Results come back in the order the entries are shown.
        case `default`
    }

    /// The kinds of media shown; nil shows all.
    public var filter: PickerFilter?
    /// At most this many entries may be selected; 0 means no limit. Default 1.
    public var selectionLimit: Int = PickerConfiguration.defaultSelectionLimit
    /// The `selectionLimit` a configuration starts with (the command's `-l` default too).
    public static let defaultSelectionLimit = 1
    /// The `selectionLimit` meaning "any number".
    public static let noSelectionLimit = 0
    /// How many picks the host holds already that count against `selectionLimit`, for a host
    /// whose limit is the total over several presentations (the app's main screen): the sheet
    /// then allows `selectionLimit - alreadyChosen` more, and its counter and limit messages
    /// count these in, so they speak of the limit the user set. Default 0.
    public var alreadyChosen: Int = 0
    /// The files of those picks (paths as the picker returned them): a select-all (Ctrl-A)
    /// passes them by and says how many, as PHPicker shows the assets chosen before as picked
    /// already, so that one more sheet does not take them all again; Space still selects one
    /// (a host may take a file twice). Default none.
    public var alreadyChosenPaths: [RawPath] = []
    /// The order of the results.
    public var selection: Selection = .ordered
    /// For a host that decodes the picked pictures (`--export` re-encodes them): a picture
    /// whose thumbnail failed to decode (or whose failure the cache remembers) is refused at
    /// Space, Enter and Ctrl-A as an unreadable file is, rather than selected and failing the
    /// whole export after Enter. Videos are copied as they are, so a broken one is still
    /// offered. Default false: the picks are paths, and a broken file may be picked to delete it.
    public var refusesUndecodablePictures = false
    /// Entries selected when the sheet opens, as asset identifiers (paths as text).
    public var preselectedAssetIdentifiers: [String] = []
    /// Entries selected when the sheet opens, as exact path bytes (for names that are not UTF-8).
    /// Taken after `preselectedAssetIdentifiers`.
    public var preselectedPaths: [RawPath] = []

    /// The sheet's title; the library's name follows it.
    public var title: String = "Pick media"
    /// The filename search the sheet opens with (`-q`).
    public var initialQuery: String = ""
    /// The order of the grid.
    public var sort: SortOrder = .date
    /// Reverses `sort`.
    public var reverseSort: Bool = false
    /// The glyphs thumbnails may use.
    public var symbols: SymbolSet = .blocks
    /// The colours thumbnails and chrome may use.
    public var colors: ColorDepth = .trueColor
    /// Thumbnail size in cells (without the caption); nil chooses one from the screen.
    public var tileSize: Size?
    /// Whether decoded thumbnails are read from and written to the freedesktop.org cache.
    public var diskCacheEnabled: Bool = true
    /// The cache root; nil means `$XDG_CACHE_HOME/thumbnails`, else `~/.cache/thumbnails`.
    public var diskCacheRoot: RawPath?
    /// How long a refusal message stays on screen.
    public var messageDuration: Duration = .milliseconds(2500)
    /// How often the open sheet looks at the library's folders for files added, removed or
    /// completed (`MediaLibrary.watchFolders(every:)`); nil: the listing stays as first read.
    public var folderCheckInterval: Duration? = .seconds(1)
    /// How thumbnails reach the terminal: cell art (`.symbols`, the default: every terminal
    /// shows it) or pictures in a pixel protocol. Take it from the backend's
    /// `TerminalCapabilities` (`adopt(_:)`) rather than guessing.
    public var graphics: GraphicsProtocol = .symbols
    /// Pixels per terminal cell, which sizes the pictures of a pixel protocol; nil assumes
    /// `ThumbnailRendering.defaultCellPixelSize` (10x20).
    public var cellPixelSize: Size?
    /// The terminal's default background, what partly transparent pixels of thumbnails are
    /// composited over; nil when unknown (black).
    public var terminalBackground: RGB?
    /// A short line shown once, as the sheet's first status message, when a setting stops the
    /// terminal from showing pictures (tmux without `allow-passthrough`); nil for none.
    public var graphicsHint: String?

    /// Creates the default configuration: everything shown, one pick, newest first.
    public init() {}

    /// Takes the graphics protocol, the cell size, the background and the hint from the
    /// terminal's capabilities.
    public mutating func adopt(_ capabilities: TerminalCapabilities) {
        graphics = capabilities.graphics
        cellPixelSize = capabilities.cellPixelSize
        terminalBackground = capabilities.background
        graphicsHint = capabilities.hint
    }

    /// True when thumbnails are pictures in a pixel protocol rather than cell art.
    public var drawsPictures: Bool { graphics != .symbols }

    /// The cell art look of thumbnails `columns` x `rows` cells: `symbols`, `colors`, and the
    /// cells' shape from `cellPixelSize`, over `terminalBackground` (`ThumbnailRendering.artOptions`).
    public func artOptions(columns: Int = 0, rows: Int = 0) -> ArtOptions {
        ThumbnailRendering.artOptions(columns: columns, rows: rows, symbols: symbols, colors: colors, cellPixelSize: cellPixelSize,
                                      background: terminalBackground)
    }

    /// The renderer of the sheet's tiles and preview (`ThumbnailRendering`), its cell art drawn
    /// with `artOptions()`.
    public var thumbnailRenderer: AnyThumbnailRenderer {
        ThumbnailRendering.renderer(graphics: graphics, cellPixelSize: cellPixelSize, options: artOptions())
    }

    /// All preselected paths, identifiers first, without duplicates.
    public var allPreselectedPaths: [RawPath] {
        var seen = Set<RawPath>()
        return (preselectedAssetIdentifiers.map(RawPath.init) + preselectedPaths).filter { seen.insert($0).inserted }
    }

    /// The disk cache this configuration asks for, or nil when it is off or no root is known.
    public func makeDiskCache(environment: [String: String] = ProcessEnvironment.variables()) -> ThumbnailDiskCache? {
        guard diskCacheEnabled else { return nil }
        if let root = diskCacheRoot { return ThumbnailDiskCache(root: root) }
        return ThumbnailDiskCache.standard(environment: environment)
    }
}
