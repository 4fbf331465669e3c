import CellArt
import MediaDecoding
import MediaPicker
import Platform
import TerminalUI

/// What the command line asks for: the result of `ArgumentParser.parse`, plain values only.
public enum Invocation: Hashable, Sendable {
    /// `--help` (for the whole command, or for `thumb`).
    case help(HelpTopic)
    /// `--version`.
    case version
    /// Pick mode (the default): the picker alone, results on stdout.
    case pick(PickOptions)
    /// `app [PATH...]`: the main screen, picking through the sheet.
    case app(PickOptions)
    /// `demo`: the app on a generated sample library.
    case demo(PickOptions)
    /// `thumb FILE...`: thumbnails on stdout.
    case thumb(ThumbOptions)
    /// `camera`: a photo from a camera, its path on stdout.
    case camera(CameraOptions)
}

/// Which help text to print.
public enum HelpTopic: Hashable, Sendable {
    /// The whole command.
    case main
    /// The `thumb` subcommand.
    case thumb
    /// The `camera` subcommand.
    case camera
}

/// `--filter`.
public enum FilterChoice: String, Hashable, Sendable, CaseIterable {
    /// Still images only.
    case images
    /// Videos only.
    case videos
    /// Everything (the default).
    case all
}

/// `--format`.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    /// One path per line (the default).
    case lines
    /// One JSON object per line.
    case json
}

/// The options of pick mode, the app and the demo.
public struct PickOptions: Hashable, Sendable {
    /// Folders and files to pick from (exact bytes); empty means stdin or `.`.
    public var paths: [RawPath] = []
    /// `-` as the PATH: the candidates are the paths on stdin, which must then not be a
    /// terminal (`paths` is empty).
    public var standardInput = false
    /// `-r`: descend into sub-folders.
    public var recursive = false
    /// `--hidden`: include dot files.
    public var hidden = false
    /// `--read0`: stdin candidates are NUL-separated.
    public var read0 = false
    /// `-l`/`-m`: how many may be picked; 0 = unlimited; nil = the mode's default
    /// (`PickerConfiguration.defaultSelectionLimit` when picking, unlimited in the demo).
    public var limit: Int?
    /// `-f`.
    public var filter: FilterChoice = .all
    /// `--preselect`, in order.
    public var preselect: [RawPath] = []
    /// `-q`: initial filename search.
    public var query = ""
    /// `--sort`: the picker's own `SortOrder` (its names are the option's values).
    public var sort: SortOrder = .date
    /// `--reverse`.
    public var reverse = false
    /// `-0`: NUL-terminated output.
    public var print0 = false
    /// `--format`.
    public var format: OutputFormat = .lines
    /// `-o`: write results to this file instead of stdout.
    public var output: RawPath?
    /// `--export`: copy the picks into this folder and print the copies.
    public var export: RawPath?
    /// `--jpeg-quality`, 0–1.
    public var jpegQuality = 0.8
    /// `--symbols`.
    public var symbols: SymbolChoice = .auto
    /// `--colors`.
    public var colors: ColorChoice = .auto
    /// `--tile`; nil chooses from the screen.
    public var tile: CellSize?
    /// `--graphics`.
    public var graphics: GraphicsChoice = .auto
    /// `--cell-size`: pixels per cell where the terminal cannot say.
    public var cellPixelSize = GraphicsChoice.defaultCellPixelSize
    /// `--no-cache` turns this off.
    public var diskCache = true

    /// The defaults.
    public init() {}
}

/// The options of `thumb`.
public struct ThumbOptions: Hashable, Sendable {
    /// The files, in order (exact bytes).
    public var files: [RawPath] = []
    /// `--size`; nil: fzf's preview size, the terminal's, or 40x20.
    public var size: CellSize?
    /// `--size` gave one side alone (`40`, `x20`): the other is as large as the picture's shape
    /// needs, so the picture is fitted whatever `--fit` says.
    public var sizeKeepsShape = false
    /// `--symbols`.
    public var symbols: SymbolChoice = .auto
    /// `--colors`.
    public var colors: ColorChoice = .auto
    /// `--fit`.
    public var fit: FitMode = .fit
    /// `--graphics`.
    public var graphics: GraphicsChoice = .auto
    /// `--cell-size`: pixels per cell where the terminal cannot say.
    public var cellPixelSize = GraphicsChoice.defaultCellPixelSize
    /// `--no-cache` turns this off.
    public var diskCache = true

    /// The defaults.
    public init() {}
}
