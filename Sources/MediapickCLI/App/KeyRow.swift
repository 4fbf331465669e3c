import TerminalUI

/// The main screen's second row fitted to the terminal's width: the buttons, then the key
/// hints that fit. `q quit` stays at every width the app supports (the sheet's 24 columns):
/// the other hints go first, then the Camera button (its key `c` keeps working, and its hint
/// takes the button's place where it fits). Cut at the end with "…", as one text, the row
/// lost `q quit` first at 60 columns, and a user looking for how to leave found nothing.
struct KeyRow: Equatable {
    /// Whether the Camera button is drawn.
    let showsCameraButton: Bool
    /// The hints shown, in their order on screen, two columns apart.
    let hints: String

    /// The buttons' titles, as `Button` draws them (`[ Pick media ]`).
    static let pickTitle = "Pick media"
    static let cameraTitle = "Camera"
    /// Columns between the buttons and the hints, as the row's `HStack` puts them.
    static let spacing = 2

    /// A hint, where it goes on screen and how much it is wanted (lower: kept longer).
    private struct Hint {
        let text: String
        let rank: Int
        let isCamera: Bool
    }

    /// In their order on screen. Kept longest: how to quit (the one thing a user must find),
    /// the camera's key (the only way to it without the button), then the sheet's keys (its
    /// button names it too), removing, and moving (arrows need no telling).
    private static let all = [
        Hint(text: "Enter/+ pick", rank: 2, isCamera: false),
        Hint(text: "c camera", rank: 1, isCamera: true),
        Hint(text: "↑↓ move", rank: 4, isCamera: false),
        Hint(text: "d remove", rank: 3, isCamera: false),
        Hint(text: "q quit", rank: 0, isCamera: false),
    ]

    /// The row for a terminal `width` columns wide, with a camera or not.
    init(width: Int, camera: Bool) {
        let offered = Self.all.filter { camera || !$0.isCamera }
        let pick = Self.buttonWidth(Self.pickTitle)
        let withCamera = pick + Self.spacing + Self.buttonWidth(Self.cameraTitle)
        let quit = DisplayWidth.of("q quit")
        // The Camera button stays while `q quit` fits beside it.
        showsCameraButton = camera && width - withCamera - Self.spacing >= quit
        let room = width - (showsCameraButton ? withCamera : pick) - Self.spacing
        var used = -Self.spacing
        var kept = Set<String>()
        for hint in offered.sorted(by: { $0.rank < $1.rank }) {
            let needed = Self.spacing + DisplayWidth.of(hint.text)
            if used + needed <= room {
                used += needed
                kept.insert(hint.text)
            }
        }
        hints = offered.filter { kept.contains($0.text) }.map(\.text).joined(separator: String(repeating: " ", count: Self.spacing))
    }

    /// Columns a button with `title` takes.
    private static func buttonWidth(_ title: String) -> Int { DisplayWidth.of("[ \(title) ]") }
}
