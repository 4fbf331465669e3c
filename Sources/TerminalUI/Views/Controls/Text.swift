/// One or more lines of text (split at newlines) in one style. Control characters are shown
/// visibly (`SafeText`); a line too wide for its space is cut with an ellipsis.
public struct Text: View, PrimitiveView {
    let lines: [String]
    /// The style the text is drawn in.
    public var style: Style

    /// Text in `style`.
    public init(_ content: String, style: Style = .plain) {
        lines = content.split(separator: "\n", omittingEmptySubsequences: false).map { SafeText.terminalSafe(String($0), charset: .unicode) }
        self.style = style
    }

    /// Primitive: no body.
    public var body: Never { fatalError("Text is primitive") }

    /// The same text in bold.
    public func bold() -> Text { with(.bold) }
    /// The same text dimmed.
    public func dim() -> Text { with(.dim) }
    /// The same text in reverse video.
    public func reverse() -> Text { with(.reverse) }
    /// The same text underlined.
    public func underline() -> Text { with(.underline) }

    /// The same text in another ink colour.
    public func foreground(_ color: TerminalColor) -> Text {
        var copy = self
        copy.style.foreground = color
        return copy
    }

    /// The same text on another paper colour.
    public func background(_ color: TerminalColor) -> Text {
        var copy = self
        copy.style.background = color
        return copy
    }

    private func with(_ attributes: TextAttributes) -> Text {
        var copy = self
        copy.style.attributes.formUnion(attributes)
        return copy
    }

    func makeNodes(in context: ResolveContext) -> [any Node] { [TextNode(lines: lines, style: style)] }
}

/// Draws lines of text, left-aligned, clipped at the bottom and cut with "…" at the right.
struct TextNode: Node {
    let lines: [String]
    let style: Style

    var flexibility: Flexibility { [] }

    func size(for proposal: Size) -> Size {
        let width = lines.map { DisplayWidth.of($0) }.max() ?? 0
        return Size(width: width, height: lines.count).clamped(to: proposal)
    }

    func draw(in rect: Rect, context: inout DrawContext) {
        for (row, line) in lines.prefix(rect.height).enumerated() {
            context.buffer.write(TextFitting.truncate(line, to: rect.width), at: Point(x: rect.x, y: rect.y + row),
                                 style: style, clip: rect)
        }
    }
}
