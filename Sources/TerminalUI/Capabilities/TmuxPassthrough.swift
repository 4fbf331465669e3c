/// tmux's passthrough: a sequence inside `ESC Ptmux; … ESC \`, with every ESC in it doubled,
/// reaches the terminal outside tmux untouched when tmux's `allow-passthrough` is on (tmux
/// drops it otherwise). Queries and pictures written from inside tmux go through this.
public enum TmuxPassthrough {
    /// The setting that must be on, and the footer's advice when it is off.
    public static let hint = "tmux: set -g allow-passthrough on to see pictures"

    /// `sequence` wrapped for tmux to pass through.
    public static func wrap(_ sequence: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(out.count + sequence.count + sequence.count / 8 + 2)
        for byte in sequence {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }
}
