import CNcursesw
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CursesTerminal {
    /// Shows exactly `images` over the frame: the cells a sixel or iTerm2 picture leaves get
    /// spaces printed over them now, before the refresh (so xterm forgets its pixels), their rows
    /// are marked for curses to write again whole in this refresh (`wredrawln`: curses otherwise
    /// believes those cells already right), and the picture bytes wait for `flush`, which writes
    /// them once the text is out. Everything sent is the protocol's own sequences: a terminal
    /// that claims support and draws nothing shows no garbage.
    public func drawImages(_ images: [PlacedImage]) {
        guard isActive, !images.isEmpty || !painter.shownImages.isEmpty else { return }
        let plan = painter.plan(images, screen: size, textRows: textRowsThisFrame)
        textRowsThisFrame = []
        writeToTerminal(plan.vacatingBytes(throughTmux: picturesThroughTmux))
        for row in plan.rewrittenRows { cnc_wredrawln(cnc_stdscr(), Int32(row), 1) }
        directClusters.rowsRewritten(plan.rewrittenRows)
        pendingPictures += plan.bytes(throughTmux: picturesThroughTmux)
    }

    /// Writes the pictures of the frame just refreshed. A visible cursor (a search being typed)
    /// is hidden while they go out (DECTCEM, as chafa and timg do): xterm drew it in the cell
    /// where each sixel picture starts and, moving on, painted that cell's text back over the
    /// picture, which kept a blank cell at its top-left corner (the exploratory tester's finding).
    func writePendingPictures() {
        guard !pendingPictures.isEmpty else { return }
        writeToTerminal(cursor == nil ? pendingPictures : Self.hideCursor + pendingPictures + Self.showCursor)
        pendingPictures = []
    }

    /// DECTCEM: the cursor hidden, and shown again.
    static let hideCursor = Array("\u{1B}[?25l".utf8), showCursor = Array("\u{1B}[?25h".utf8)

    /// On the way out (exit, error, Ctrl-C, SIGTERM, SIGHUP): frees every kitty image sent, and
    /// where the terminal has no alternate screen to leave (no `smcup`), clears the screen under
    /// sixel and iTerm2 pictures, which would otherwise stay in the scrollback.
    func takePicturesAway() {
        if painter.showsCursorDrawnPictures && cnc_has_string_cap("smcup") == 0 {
            cnc_wclear(cnc_stdscr())
            cnc_wrefresh(cnc_stdscr())
        }
        pendingPictures = []
        writeToTerminal(painter.finish().bytes(throughTmux: picturesThroughTmux))
    }

    /// Writes `bytes` straight to the tty curses draws on, after what curses has buffered.
    func writeToTerminal(_ bytes: [UInt8]) {
        guard !bytes.isEmpty, let tty else { return }
        fflush(tty)
        let fd = fileno(tty)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard written > 0 else { return }  // the terminal is gone (SIGHUP): nothing to show it on
            offset += written
        }
    }
}
