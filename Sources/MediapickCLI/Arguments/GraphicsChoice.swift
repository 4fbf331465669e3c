import TerminalUI

/// `--graphics`: a fixed protocol, or `auto` (`MEDIAPICK_GRAPHICS`, else asked of the terminal
/// by `TerminalProbe` and decided by `TerminalCapabilities.detect`).
public enum GraphicsChoice: Hashable, Sendable {
    /// Decided from the environment and the terminal's replies.
    case auto
    /// This protocol, without asking the terminal.
    case fixed(GraphicsProtocol)

    /// The protocol asked for, as detection takes it: nil for `auto`.
    public var requested: GraphicsProtocol? {
        if case .fixed(let graphics) = self { return graphics }
        return nil
    }

    /// The names `--graphics` accepts.
    public static let names = ["auto", "kitty", "sixel", "iterm2", "symbols"]

    /// Parses a `--graphics` value.
    public init?(argument: String) {
        if argument == "auto" { self = .auto; return }
        guard let graphics = GraphicsProtocol(rawValue: argument) else { return nil }
        self = .fixed(graphics)
    }

    /// Pixels per cell where neither the terminal nor `--cell-size` says: 10x20.
    public static let defaultCellPixelSize = Size(width: 10, height: 20)
}
