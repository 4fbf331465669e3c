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

    /// The source's name, shown in the title.
    let sourceName: String
    var phase: Phase = .preview
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

    /// Where the picture goes inside `region`: all of it but the title and the key line.
    static func pictureArea(in region: Rect) -> Rect {
        region.inset(top: min(1, region.height), bottom: min(region.height > 1 ? 2 : 0, max(0, region.height - 1)))
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
