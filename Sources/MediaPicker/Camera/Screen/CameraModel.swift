import TerminalUI
import Thumbnails

/// The camera screen's state, a value: which phase it is in, the newest live frame, the
/// still being reviewed, and the error that ended it. Only `update` changes it.
struct CameraModel: Sendable {
    /// What the screen shows.
    enum Phase: Equatable, Sendable {
        /// Live frames fill the area; Space or Enter takes the picture.
        case preview
        /// The still with `[ Retake ]` and `[ Use Photo ]`.
        case review
        /// The stream ended or the photo could not be saved: the message, nothing else.
        case failed(CameraError)
        /// The delegate has been told.
        case finished
    }

    /// The review's buttons.
    enum ReviewButton: Equatable, Sendable {
        /// `[ Retake ]`: back to the live preview.
        case retake
        /// `[ Use Photo ]`: save the still.
        case usePhoto
    }

    /// The source's name, shown in the title.
    let sourceName: String
    var phase: Phase = .preview
    /// The review's focused button, which Enter presses: Use Photo at each shutter.
    var reviewFocus: ReviewButton = .usePhoto
    /// The newest frame of the stream.
    var live: CameraFrame?
    /// The frame the shutter kept.
    var still: CameraFrame?
    /// The still drawn for the picture area (made by the controller after the shutter).
    var stillPicture: RenderedThumbnail?
    /// The region the screen is drawn in.
    var region: Rect?
    /// The stream ended while the still was being reviewed: Retake then fails.
    var streamEnded: CameraError?

    /// Whether live frames must be rendered: only while they are shown (the review shows
    /// the still; rendering frames nobody sees cost as much as the preview).
    var showsLiveFrames: Bool { phase == .preview }

    /// A screen for `sourceName`, waiting for its first frame.
    init(sourceName: String) { self.sourceName = sourceName }

    /// The fewest rows that show a picture: below them the screen is a one-line notice.
    static let minimumRows = 3
    /// The fewest rows that also show the title and the review's buttons' row.
    static let fullRows = 4

    /// Where the picture goes inside `region`: all of it but the title, the buttons' row and
    /// the key line. At 3 rows the title and the buttons' row give way (the key line names
    /// the same keys as the buttons), leaving 2 rows of picture; below 3, no picture.
    static func pictureArea(in region: Rect) -> Rect {
        switch region.height {
        case fullRows...: return region.inset(top: 1, bottom: 2)
        case minimumRows: return region.inset(top: 0, bottom: 1)
        default: return Rect(x: region.x, y: region.y, width: region.width, height: 0)
        }
    }

    /// The picture area's size in cells, for the renderer.
    static func pictureCells(in region: Rect) -> TileSize {
        let area = pictureArea(in: region)
        return TileSize(columns: max(1, area.width), rows: max(1, area.height))
    }
}

/// What can happen to the camera screen.
enum CameraMessage: Sendable {
    /// A key.
    case key(Key)
    /// A click or wheel turn.
    case mouse(MouseEvent)
    /// A new frame from the stream.
    case frame(CameraFrame)
    /// The stream ended.
    case streamEnded(CameraError)
    /// The screen's region.
    case region(Rect)
    /// The still, drawn for the picture area.
    case stillDrawn(RenderedThumbnail)
    /// Saving the photo failed.
    case saveFailed(CameraError)
}

/// What the controller must do outside the model.
enum CameraEffect: Sendable {
    /// Draw the still for the picture area (then send `.stillDrawn`).
    case drawStill(RGBFrame)
    /// Encode and save the still, then report it.
    case save(RGBFrame)
    /// Report a cancel.
    case cancel
    /// Report the error.
    case fail(CameraError)
}
