import ColorModel

/// Maps every colour of a frame to what the backend can show, by perceptual nearest match
/// (`ColorMatcher`). Results are memoised per colour and consecutive cells usually share a
/// style, so a frame costs about one dictionary lookup per style change.
final class ColorMapper {
    /// The depth mapped to.
    let depth: ColorDepth
    private let matcher: ColorMatcher
    private var memo: [TerminalColor: TerminalColor] = [:]
    private static let memoLimit = 1 << 16

    init(depth: ColorDepth) {
        self.depth = depth
        matcher = ColorMatcher(depth: depth)
    }

    /// `buffer` with every colour as the backend will show it.
    func map(_ buffer: inout ScreenBuffer) {
        guard depth != .trueColor else { return }
        var lastIn = Style.plain, lastOut = Style.plain
        buffer.restyle(buffer.bounds) { style in
            if style != lastIn {
                lastIn = style
                lastOut = Style(foreground: map(style.foreground), background: map(style.background),
                                attributes: style.attributes)
            }
            return lastOut
        }
    }

    /// One colour as the backend will show it.
    func map(_ color: TerminalColor) -> TerminalColor {
        if color == .default || depth == .trueColor { return color }
        if let known = memo[color] { return known }
        let matched = matcher.match(color)
        if memo.count >= Self.memoLimit { memo.removeAll(keepingCapacity: true) }  // raw photos could grow it without end
        memo[color] = matched
        return matched
    }
}
