import CellArt
import ColorModel
import TerminalUI
import Thumbnails
import TerminalGraphics

/// What `mediapick thumb` writes for one thumbnail: cell art as ANSI text, or a picture in the
/// terminal's protocol, always leaving the cursor at the start of the row below the picture, so
/// that the next caption or the shell's prompt is not drawn over it.
///
/// - cell art: the picture's own rows and columns, without the blank margins that centre it
///   in a tile (`CellImage.picture`): `--size` is the most it takes, as with chafa and timg.
/// - sixel, iTerm2: the payload, then a newline. xterm leaves the cursor on the row of the last
///   sixel band and iTerm2 on the picture's last row (after it): the newline goes below; a
///   terminal that already went below gets one blank row.
/// - kitty: the transmission under an id, then a placement at the cursor that moves it
///   (`C=0`: to the picture's last row), then a newline. Inside fzf's preview or tmux, when the
///   colours can carry the id, a virtual placement and its placeholder text instead: fzf and
///   tmux then see the picture as text they lay out themselves.
/// - Inside tmux (not inside fzf, which passes pictures on itself), the escape sequences go
///   through passthrough, and tmux, which does not see the picture, is moved below it by rows
///   kept for it beforehand.
struct ThumbOutput {
    /// Pixels per cell, as the renderer took them.
    var cellPixelSize: Size
    /// The colours placeholder text carries its image id in (`TerminalCapabilities.placeholderColorDepth`).
    var colors: ColorDepth
    /// Running inside tmux (`TMUX` set).
    var inTmux: Bool
    /// Running as fzf's preview command (`FZF_PREVIEW_COLUMNS` set).
    var inFzf: Bool
    /// The first kitty image id; the n-th picture of the run takes `firstImageID + n`.
    var firstImageID: UInt32

    /// The output for the environment of this run; kitty ids start from `processID`, so that
    /// two runs (the pictures of an earlier `thumb` still on screen) do not share them.
    init(cellPixelSize: Size, colors: ColorDepth, environment: [String: String], processID: UInt32) {
        self.cellPixelSize = cellPixelSize
        self.colors = colors
        inTmux = !(environment["TMUX"] ?? "").isEmpty
        inFzf = environment["FZF_PREVIEW_COLUMNS"] != nil
        // Placeholders in 256 colours carry ids 1...255 only; true colour 24 bits.
        firstImageID = colors == .trueColor ? (processID &* 64) & 0xFF_FFFF : processID % 200
    }

    /// The bytes of the `index`-th thumbnail of the run.
    func bytes(_ thumbnail: RenderedThumbnail, index: Int) -> [UInt8] {
        switch thumbnail {
        case .cells(let image): return ANSIWriter.bytes(image.picture)
        case .graphics(let picture): return bytes(picture, index: index)
        }
    }

    private func bytes(_ picture: GraphicsPicture, index: Int) -> [UInt8] {
        var sequence = picture.payload
        if picture.encoding == .kitty {
            let id = imageID(index)
            let transmission = KittyRenderer.transmission(of: picture, imageID: id)
            if (inFzf || inTmux) && fitsPlaceholders(picture, imageID: id) {
                let renderer = KittyRenderer(cellSize: pixels, placeholders: true)
                return escape(transmission + renderer.placement(of: picture, imageID: id))
                    + placeholderText(renderer.placeholderCells(of: picture, imageID: id, colors: colors))
            }
            // Both sides: the picture's canvas has the cells' shape (`KittyRenderer.canvas`).
            sequence = transmission + KittyGraphics.placement(imageID: id, columns: picture.cells.columns,
                                                              rows: picture.cells.rows, movesCursor: !passesThroughTmux)
        }
        return drawn(sequence, rows: picture.cells.rows)
    }

    /// tmux is asked to pass the sequences on (fzf does that itself for its preview).
    private var passesThroughTmux: Bool { inTmux && !inFzf }

    private var pixels: PixelSize { PixelSize(width: cellPixelSize.width, height: cellPixelSize.height) }

    private func imageID(_ index: Int) -> UInt32 {
        let range: UInt32 = colors == .trueColor ? 0xFF_FFFF : 255
        return (firstImageID &+ UInt32(truncatingIfNeeded: index)) % range + 1
    }

    private func fitsPlaceholders(_ picture: GraphicsPicture, imageID: UInt32) -> Bool {
        KittyPlaceholderCells.canShow(imageID: imageID, colors: colors)
            && (1...KittyPlaceholderCells.maximumSpan).contains(picture.cells.columns)
            && (1...KittyPlaceholderCells.maximumSpan).contains(picture.cells.rows)
    }

    /// `sequence` as written: wrapped for tmux when it must pass through.
    private func escape(_ sequence: [UInt8]) -> [UInt8] { passesThroughTmux ? TmuxPassthrough.wrap(sequence) : sequence }

    /// `sequence` drawn at the cursor, then a newline. Through tmux, which does not see the picture: `rows` rows
    /// kept first (newlines, then back up), the picture, then down past it.
    private func drawn(_ sequence: [UInt8], rows: Int) -> [UInt8] {
        guard passesThroughTmux else { return sequence + [UInt8(ascii: "\n")] }
        let down = [UInt8](repeating: UInt8(ascii: "\n"), count: rows)
        return down + Array("\u{1B}[\(rows)A".utf8) + TmuxPassthrough.wrap(sequence) + down
    }

    /// The placeholder cells as lines of text in the id's colour, each ended by a reset.
    private func placeholderText(_ cells: KittyPlaceholderCells) -> [UInt8] {
        let colour = ANSIWriter.sgr(cells.foreground, background: false)
        return Array(cells.rows.map { colour + $0.joined() + "\u{1B}[0m\n" }.joined().utf8)
    }
}
