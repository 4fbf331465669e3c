import CellArt
import ColorModel
import MediaPicker

/// `--symbols`: a fixed symbol set, or `auto` (decided from the locale when the program runs).
public enum SymbolChoice: Hashable, Sendable {
    /// Blocks in a UTF-8 locale, ASCII otherwise.
    case auto
    /// This set.
    case fixed(SymbolSet)

    /// The names `--symbols` accepts.
    public static let names = ["ascii", "blocks", "quadrants", "sextants", "braille", "auto"]

    /// Parses a `--symbols` value.
    public init?(argument: String) {
        if argument == "auto" { self = .auto; return }
        guard let set = SymbolSet(rawValue: argument) else { return nil }
        self = .fixed(set)
    }
}

/// `--colors`: a fixed colour depth, or `auto` (decided from the environment and terminfo
/// by `TerminalCapabilities.detect`).
public enum ColorChoice: Hashable, Sendable {
    /// `NO_COLOR` → none, else `COLORTERM`/terminfo.
    case auto
    /// This depth.
    case fixed(ColorDepth)

    /// The depth asked for, as detection takes it: nil for `auto`.
    public var requestedDepth: ColorDepth? {
        if case .fixed(let depth) = self { return depth }
        return nil
    }

    /// The names `--colors` accepts.
    public static let names = ["none", "16", "256", "truecolor", "auto"]

    /// Parses a `--colors` value.
    public init?(argument: String) {
        switch argument {
        case "auto": self = .auto
        case "none": self = .fixed(.none)
        case "16": self = .fixed(.ansi16)
        case "256": self = .fixed(.ansi256)
        case "truecolor", "24bit": self = .fixed(.trueColor)
        default: return nil
        }
    }
}

/// A size in cells given on the command line as `WxH`.
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var columns: Int
    /// Rows.
    public var rows: Int

    /// A size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The smallest `--tile`: the grid's smallest drawable thumbnail.
    public static let minimumTile = CellSize(columns: GridLayout.minimumTile.width, rows: GridLayout.minimumTile.height)

    /// What each of W and H may be: at least 1, at most 1000 (far beyond any terminal).
    public static let bounds = 1...1000

    /// What an option taking a size expects, for its error message (`WxH, each 1 to 1000, e.g. 40x20`).
    public static func expected(unit: String = "", example: String) -> String {
        "WxH\(unit), each \(bounds.lowerBound) to \(bounds.upperBound), e.g. \(example)"
    }

    /// Parses `WxH` with both within `bounds`.
    public init?(argument: String) {
        let parts = argument.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Self.side(parts[0]), let h = Self.side(parts[1]) else { return nil }
        columns = w
        rows = h
    }

    /// One side, W or H: ASCII digits only (no sign, no space), within `bounds`.
    public static func side(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text), bounds.contains(n) else { return nil }
        return n
    }

    /// `WxH`.
    public var description: String { "\(columns)x\(rows)" }
}
