import ColorModel
@_exported import struct ColorModel.RGB
@_exported import enum ColorModel.TerminalColor
@_exported import enum ColorModel.ColorDepth

/// Text attributes a terminal can show besides colour.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (or bright).
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim (faint).
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic.
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underline.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped: visible even without colour.
    public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// Colours and attributes of a cell.
public struct Style: Hashable, Sendable {
    /// Ink colour.
    public var foreground: TerminalColor
    /// Paper colour.
    public var background: TerminalColor
    /// Attributes.
    public var attributes: TextAttributes

    /// Creates a style; everything defaults to the terminal's own.
    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colours, no attributes.
    public static let plain = Style()
}
