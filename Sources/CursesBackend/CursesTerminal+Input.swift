import CNcursesw
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CursesTerminal {
    /// The next event, waiting up to `timeout` (nil: until one comes). Waits in slices of
    /// at most 100 ms so signals observed meanwhile are delivered promptly.
    public func readEvent(timeout: Duration?) -> Event? {
        guard isActive else { return nil }
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            pendingEvents += signalEvents()
            if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
            let remaining = deadline.map { clock.now.duration(to: $0) } ?? .milliseconds(100)
            let milliseconds = max(0, min(100, remaining.components.seconds * 1000
                + remaining.components.attoseconds / 1_000_000_000_000_000))
            cnc_wtimeout(cnc_stdscr(), Int32(milliseconds))
            var code: wint_t = 0
            let status = cnc_wget_wch(cnc_stdscr(), &code)
            if let event = event(status: status, code: code) {
                pendingEvents.append(event)
                continue
            }
            if let deadline, clock.now >= deadline {
                pendingEvents += signalEvents()
                return pendingEvents.isEmpty ? nil : pendingEvents.removeFirst()
            }
        }
    }

    /// The event for one `wget_wch` result, acting on resize, mouse and Ctrl-Z.
    private func event(status: Int32, code: wint_t) -> Event? {
        let decoded: DecodedInput
        switch status {
        case OK where code == 27: decoded = escapeOrSequence()
        case OK: decoded = InputDecoder.decode(character: UInt32(code))
        case KEY_CODE_YES: decoded = InputDecoder.decode(keyCode: Int32(code))
        default: return nil
        }
        switch decoded {
        case .event(let event):
            return event
        case .resize:
            readSize()
            return .resize(size)
        case .mouse:
            var state: mmask_t = 0
            var x: Int32 = 0, y: Int32 = 0
            guard cnc_getmouse(&state, &x, &y) == OK, let kind = InputDecoder.mouseKind(state) else { return nil }
            return .mouse(MouseEvent(kind: kind, position: Point(x: Int(x), y: Int(y))))
        case .suspend:
            return suspend()
        case .ignored:
            return nil
        }
    }

    /// Turns mouse reporting off, and reads and drops what the terminal sent before it took
    /// that in: the release of the click that ended the picker comes a few milliseconds after
    /// its press, and was left in the input for the shell, which printed it at its prompt
    /// ("0;462;7m") and ran it with the next command (tester2's finding 4). A terminal answers
    /// in order, so everything it sends before its reply to the device attributes query written
    /// after the "off" is the picker's; what follows the reply (keys typed for the shell) is
    /// left. A terminal that answered the probe is given as long as the probe gives a late
    /// one; without a reply in time the input is flushed (part of the reply may be in it).
    /// Done before `endwin`, while the tty does not echo.
    func dropMouseReports() {
        guard let tty else { return }
        writeToTerminal(SGRMouse.everyModeOff + TerminalQueries.deviceAttributes)
        let limit = answersDeviceAttributes ? TerminalProbe.timeLimit + TerminalProbe.lateReplyGrace : TerminalProbe.timeLimit
        let received = TerminalProbe.readReplies(fileno(tty), timeLimit: limit)
        if !TerminalReplyParser.parse(received).isComplete { tcflush(fileno(tty), TCIFLUSH) }
    }

    /// After an ESC: a lone Esc, an Alt chord (ignored), or the rest of a sequence curses did
    /// not recognise, whose bytes are already waiting (they arrive in one write). Reading them
    /// here keeps an unknown key or an Alt chord from cancelling as Esc would. A lone Esc is
    /// still known at once: curses has already waited ESCDELAY (25 ms) for more, and this
    /// read does not wait.
    private func escapeOrSequence() -> DecodedInput {
        cnc_wtimeout(cnc_stdscr(), 0)
        var code: wint_t = 0
        let status = cnc_wget_wch(cnc_stdscr(), &code)
        if status == OK, InputDecoder.stringIntroducers.contains(UInt32(code)), skipControlString() {
            return .ignored
        }
        guard status == OK, code == 0x5B || code == 0x4F else {
            let next: InputDecoder.AfterEscape = switch status {
            case OK: .character(UInt32(code))
            case KEY_CODE_YES: .keyCode(Int32(code))
            default: .nothing
            }
            let (decoded, putBack) = InputDecoder.decode(afterEscape: next)
            if putBack {
                if status == KEY_CODE_YES { cnc_ungetch(Int32(code)) } else { cnc_unget_wch(wchar_t(code)) }
            }
            return decoded
        }
        var tail = [UInt32(code)]
        while !InputDecoder.escapeTailIsComplete(tail), tail.count < 32 {
            guard cnc_wget_wch(cnc_stdscr(), &code) == OK else { break }
            tail.append(UInt32(code))
        }
        if tail == BracketedPaste.startTail { return readPaste() }
        return InputDecoder.decode(escapeTail: tail)
    }

    /// After a paste's start marker: its characters up to the end marker, as one `Key.paste`.
    /// A large paste comes in pieces; a pause of a second means its end was lost, and what
    /// came is taken.
    private func readPaste() -> DecodedInput {
        cnc_wtimeout(cnc_stdscr(), 1000)
        var codes: [UInt32] = []
        var code: wint_t = 0
        while true {
            let status = cnc_wget_wch(cnc_stdscr(), &code)
            guard status != ERR else { break }
            // A key code (curses matched a key's sequence inside the paste) is no text.
            guard status == OK else { continue }
            codes.append(UInt32(code))
            if BracketedPaste.isEnded(codes) {
                codes.removeLast(BracketedPaste.end.count)
                break
            }
            // Past what is kept only the end marker is looked for.
            if codes.count > BracketedPaste.longest + BracketedPaste.end.count { codes.removeFirst() }
        }
        return .event(.key(.paste(BracketedPaste.text(codes))))
    }

    /// After ESC and a control string's introducer: reads the string through its end and
    /// returns true when more of it was waiting — a terminal's reply that came after the probe
    /// stopped waiting (a slow link, a terminal still starting), which must not act as keys (its
    /// ESC would cancel). False, with nothing read, when nothing followed at once: Alt and a key.
    private func skipControlString() -> Bool {
        var code: wint_t = 0
        guard cnc_wget_wch(cnc_stdscr(), &code) == OK else { return false }
        var body = [UInt32(code)]
        // The rest of a reply follows at once; a pause means its end was lost: give up on it.
        cnc_wtimeout(cnc_stdscr(), 50)
        while !InputDecoder.controlStringIsComplete(body), body.count < InputDecoder.longestControlString {
            let status = cnc_wget_wch(cnc_stdscr(), &code)
            guard status != ERR else { break }
            // A key code (curses matched a key's sequence inside the string) is no end of it.
            body.append(status == OK ? UInt32(code) : 0)
        }
        return true
    }
}
