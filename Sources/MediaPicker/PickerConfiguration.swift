import CellArt
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MediaDecoding
import TerminalUI
import Platform

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
    public var selectionLimit: Int = 1
    /// The order of the results.
    public var selection: Selection = .ordered
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

    /// Creates the default configuration: everything shown, one pick, newest first.
    public init() {}

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

/// The order of the grid.
public enum SortOrder: String, Sendable, Hashable, CaseIterable {
    /// Newest first.
    case date
    /// Natural order of the file name (`img2` before `img10`), case-insensitive.
    case name
    /// Largest first.
    case size
}
