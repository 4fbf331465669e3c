/// A rectangle of pixels (or of cells, where a name says so).
struct RealTerminalRect: Equatable, CustomStringConvertible {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var description: String { "\(width)x\(height)+\(x)+\(y)" }

    /// Width over height.
    var aspect: Double { Double(width) / Double(max(1, height)) }
}
