import TerminalUI

extension Rect {
    /// The column after `text` written at column `x` of this row and clipped to it, as
    /// `ScreenBuffer.write` returns it: hit areas are computed without drawing.
    func clippedEnd(of text: String, at x: Int) -> Int {
        guard x < maxX else { return x }
        return min(x + DisplayWidth.of(SafeText.terminalSafe(text, charset: .unicode)), maxX)
    }
}
