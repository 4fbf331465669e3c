/// Which real terminal the harness starts, and how: fonts chosen so the cells are a known,
/// whole number of pixels (DejaVu Sans Mono 12 gives 10x20 in xterm), no border or padding,
/// so cell (0, 0) starts at the window's corner.
enum RealTerminalKind: CustomStringConvertible {
    /// Debian's xterm: `vt340` true starts it with `-ti vt340` (sixel); false is its default
    /// (VT420 without sixel, TERM=xterm).
    case xterm(vt340: Bool)
    /// Debian's kitty (kitty graphics protocol), on software OpenGL.
    case kitty

    var description: String {
        switch self {
        case .xterm(let vt340): return vt340 ? "xterm -ti vt340" : "xterm"
        case .kitty: return "kitty"
        }
    }

    /// The program, for skipping when it is missing.
    var program: String {
        switch self {
        case .xterm: return "xterm"
        case .kitty: return "kitty"
        }
    }

    /// The default background colour the harness sets (what "nothing drawn" looks like).
    var background: (UInt8, UInt8, UInt8) {
        switch self {
        case .xterm: return (255, 255, 255)
        case .kitty: return (0, 0, 0)
        }
    }

    /// The command line that opens a `columns`x`rows` window running `sh -c script`; `scratch`
    /// is a folder for what the terminal writes (xterm's screen dumps, kitty's control socket).
    func argv(path: String, columns: Int, rows: Int, scratch: String, script: String) -> [String] {
        switch self {
        case .xterm(let vt340):
            return [path] + (vt340 ? ["-ti", "vt340"] : []) + [
                "-b", "0", "-fa", "DejaVu Sans Mono", "-fs", "12", "-geometry", "\(columns)x\(rows)+0+0",
                // Ctrl+F12 writes the screen's text to scratch/screen<timestamp>: the harness
                // reads what a real xterm shows, not what was sent to it.
                "-xrm", "XTerm*printFileImmediate: \(scratch)/screen",
                "-xrm", "XTerm*printModeImmediate: 0",
                "-xrm", "XTerm*vt100.translations: #override Ctrl<Key>F12: print-immediate()",
                "-e", "sh", "-c", script,
            ]
        case .kitty:
            return [path, "--config", "NONE",
                    "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=12", "-o", "remember_window_size=no",
                    "-o", "initial_window_width=\(columns)c", "-o", "initial_window_height=\(rows)c",
                    "-o", "window_padding_width=0", "-o", "background=#000000", "-o", "foreground=#dddddd",
                    "-o", "cursor_blink_interval=0", "-o", "enable_audio_bell=no", "-o", "linux_display_server=x11",
                    "-o", "allow_remote_control=socket-only", "--listen-on", "unix:\(scratch)/kitty.sock",
                    "--start-as", "normal", "-e", "sh", "-c", script]
        }
    }
}
