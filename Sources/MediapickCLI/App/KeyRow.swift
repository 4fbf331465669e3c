import TerminalUI

/// The main screen's second row fitted to the terminal's width: the buttons, then the key
/// hints that fit. `q quit` stays at every width it fits in, far below the app's smallest
/// supported size (24x7, where the sheet's panel still holds the picker; below it the sheet
/// says "Terminal too small"), since the main screen itself draws at any size: the other hints
/// go first, then the Camera button (its key `c` keeps working, and its hint takes the
/// button's place where it fits), then, below 22 columns, the Pick media button, its hint
/// `Enter/+ pick` taking its place. Cut at the end with "…", as one text, the row lost
/// `q quit` first at 60 columns, and a user looking for how to leave found nothing.
struct KeyRow: Equatable {
    /// Whether the Pick media button is drawn.
    let showsPickButton: Bool
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
        /// The title of the button that does the same, if any.
        var button: String?
    }

    /// In their order on screen. Kept longest: how to quit (the one thing a user must find),
    /// the sheet's keys where its button is gone, the camera's key (the only way to it
    /// without the button), then the sheet's keys beside its button, removing, and moving
    /// (arrows need no telling).
    private static let all = [
        Hint(text: "Enter/+ pick", rank: 3, button: pickTitle),
        Hint(text: "c camera", rank: 2, button: cameraTitle),
        Hint(text: "↑↓ move", rank: 5),
        Hint(text: "d remove", rank: 4),
        Hint(text: "q quit", rank: 0),
    ]

    /// The row for a terminal `width` columns wide, with a camera or not.
    init(width: Int, camera: Bool) {
        let offered = Self.all.filter { camera || $0.button != Self.cameraTitle }
        let pick = Self.buttonWidth(Self.pickTitle)
        let withCamera = pick + Self.spacing + Self.buttonWidth(Self.cameraTitle)
        let quit = DisplayWidth.of("q quit")
        // Each button stays while `q quit` fits beside it.
        let pickButton = width - pick - Self.spacing >= quit
        showsPickButton = pickButton
        showsCameraButton = camera && width - withCamera - Self.spacing >= quit
        let buttons = showsCameraButton ? withCamera : pickButton ? pick : -Self.spacing
        let room = width - buttons - Self.spacing
        // Without its button, the sheet's key is the only way to it: wanted next after quitting.
        let rank = { (hint: Hint) in hint.button == Self.pickTitle && !pickButton ? 1 : hint.rank }
        var used = -Self.spacing
        var kept = Set<String>()
        for hint in offered.sorted(by: { rank($0) < rank($1) }) {
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
