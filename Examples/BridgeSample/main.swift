// The classic UIViewControllerRepresentable sample, on the real terminal. Exit statuses:
// 0 after `q`, 130 after Ctrl-C / SIGINT, 143 after SIGTERM / SIGHUP, 2 when there is no
// terminal (with one line on stderr). The only place here allowed to call `exit()`.
import CursesBackend
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The toggle sample above a few file names in Japanese (and one with a combining accent), so the terminal's drawing of wide
/// characters can be checked (the end-to-end tests read the columns back from tmux), in
/// one RGB colour, so colour pairs and depth can be checked too.
struct BridgeSampleScreen: View {
    private let name = Style(foreground: .rgb(RGB(0x4C, 0xAF, 0x50)))

    var body: some View {
        VStack {
            ToggleSample()
            Grid(columns: .fixed(2)) {
                Text("写真.jpg", style: name)
                Text("|海の写真.png", style: name)
                Text("photo.jpg", style: name)
                Text("|sea.png", style: name)
                Text("cafe\u{301}.jpg", style: name)  // a combining accent: zero columns
                Text("|menu.png", style: name)
            }
        }
    }
}

@MainActor
func runBridgeSample() async -> Int32 {
    let terminal: CursesTerminal
    do {
        terminal = try CursesTerminal()
    } catch {
        let line = "bridge-sample: \(error)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        return 2
    }
    let outcome = await Application(backend: terminal).run(BridgeSampleScreen())
    terminal.restore()
    return outcome.signalExitStatus ?? 0
}

exit(await runBridgeSample())
