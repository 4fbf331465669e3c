/// Maps colours to the nearest one a terminal of a given depth can show, by OKLab distance.
///
/// A value type holding the palette in OKLab; build one per depth and reuse it.
public struct ColorMatcher: Sendable {
    /// The depth this matcher snaps to.
    public let depth: ColorDepth
    private let candidates: [(index: UInt8, lab: OKLab)]

    /// Creates a matcher for a depth.
    public init(depth: ColorDepth) {
        self.depth = depth
        let range = XtermPalette.indices(for: depth)
        candidates = range.map { (UInt8($0), OKLab(XtermPalette.colors[$0])) }
    }

    /// The palette entry nearest to `lab`; only meaningful for palette depths.
    public func nearestIndex(to lab: OKLab) -> UInt8 {
        var best: UInt8 = 0
        var bestDistance = Float.infinity
        for candidate in candidates {
            let d = candidate.lab.distanceSquared(to: lab)
            if d < bestDistance {
                bestDistance = d
                best = candidate.index
            }
        }
        return best
    }

    /// The colour to send to the terminal for `rgb`: itself in true colour, the nearest
    /// palette entry otherwise, and `.default` when the depth has no colours.
    public func match(_ rgb: RGB) -> TerminalColor {
        switch depth {
        case .none: return .default
        case .trueColor: return .rgb(rgb)
        default: return .indexed(nearestIndex(to: OKLab(rgb)))
        }
    }

    /// `color` as this depth can show it (palette entries above the depth are re-matched).
    public func match(_ color: TerminalColor) -> TerminalColor {
        switch color {
        case .default: return .default
        case .rgb(let rgb): return match(rgb)
        case .indexed(let index):
            if depth == .none { return .default }
            if XtermPalette.indices(for: depth).contains(Int(index)) { return color }
            return .indexed(nearestIndex(to: OKLab(XtermPalette.colors[Int(index)])))
        }
    }
}
