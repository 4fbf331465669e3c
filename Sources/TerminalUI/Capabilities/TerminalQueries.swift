/// The questions detection asks the terminal, as the bytes of one write. The device
/// attributes query comes last: every terminal answers it, and answers in order, so its reply
/// ends the wait without a timeout on terminals that ignore the rest.
public enum TerminalQueries {
    /// The kitty graphics query: a 1x1 RGB image sent with `a=q` (checked, never stored).
    public static let kittyGraphics = bytes("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\")
    /// XTVERSION: the terminal's name and version.
    public static let version = bytes("\u{1B}[>0q")
    /// XTWINOPS: a cell's size in pixels (16t), the text area in pixels (14t) and in cells (18t).
    public static let sizes = bytes("\u{1B}[16t\u{1B}[14t\u{1B}[18t")
    /// The terminfo capabilities asked with XTGETTCAP, one request each: a terminal that does
    /// not know one name refuses the whole request it is in.
    public static let terminfoNames = ["colors", "RGB", "Tc"]
    /// Sets a direct colour, asks for it back (DECRQSS of SGR), then resets the attributes.
    public static let directColorReadBack = bytes("\u{1B}[38;2;1;2;3m\u{1B}P$qm\u{1B}\\\u{1B}[0m")
    /// OSC 11: the default background colour (`rgb:RRRR/GGGG/BBBB`), what partly transparent
    /// pixels are composited over. Ended with ST, which the reply then ends with too.
    public static let backgroundColor = bytes("\u{1B}]11;?\u{1B}\\")
    /// The primary device attributes (DA1).
    public static let deviceAttributes = bytes("\u{1B}[c")

    /// One XTGETTCAP request for `name` (hex-encoded as the protocol asks).
    public static func terminfoRequest(_ name: String) -> [UInt8] {
        bytes("\u{1B}P+q") + name.utf8.flatMap { hexDigits($0) } + bytes("\u{1B}\\")
    }

    /// Every query, in the order they are sent.
    public static var sequences: [[UInt8]] {
        [kittyGraphics, version, sizes] + terminfoNames.map(terminfoRequest)
            + [directColorReadBack, backgroundColor, deviceAttributes]
    }

    /// The whole batch for one write; inside tmux each query is wrapped for passthrough so
    /// that the terminal outside answers, not tmux.
    public static func batch(throughTmux: Bool) -> [UInt8] {
        sequences.flatMap { throughTmux ? TmuxPassthrough.wrap($0) : $0 }
    }

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private static func hexDigits(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}
