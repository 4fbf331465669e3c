import TerminalUI
import Thumbnails

/// Draws the camera screen from its model, changing nothing: the title, the live frame or
/// the still, and the key line (or the review's two buttons).
struct CameraView {
    let model: CameraModel
    let region: Rect

    /// The review's buttons, as drawn where there is room (`CameraReviewButtons` has narrower ones).
    static let retakeLabel = "[ Retake ]"
    /// The review's buttons, as drawn.
    static let usePhotoLabel = "[ Use Photo ]"
    /// The preview's key line.
    static let previewHints = "Space/Enter: take picture  Esc: cancel"
    /// The review's key line: Enter names what the focused button does.
    static func reviewHints(focus: CameraModel.ReviewButton) -> String {
        reviewWordings(focus: focus)[0]
    }
    /// The preview's key line, then shorter ones for a narrow screen, each ending in the way
    /// out (named alone in the shortest, as the too-small notice's "Need 3 rows; Esc"): cut at
    /// the edge, the whole line lost "Esc: cancel" first (the app's camera sheet at 40x12 read
    /// "Space/Enter: take picture  Esc: ca").
    static let previewWordings = [previewHints, "Space: take picture  Esc: cancel", "Space: take  Esc: cancel", "Space: take  Esc", "Esc: cancel"]
    /// The review's key line, then shorter ones, as `previewWordings`; Enter names the focused button.
    static func reviewWordings(focus: CameraModel.ReviewButton) -> [String] {
        let (long, short) = focus == .usePhoto ? ("use photo", "use") : ("retake", "retake")
        return ["Enter: \(long)  Tab: other button  r: retake  Esc: cancel", "Enter: \(long)  r: retake  Esc: cancel",
                "Enter: \(short)  Esc: cancel", "Enter: \(short)  Esc", "Esc: cancel"]
    }

    /// The review's key line once the stream has ended: why Retake is dimmed, and what still
    /// works, shorter ones after it as `previewWordings`.
    static func endedReviewWordings(_ ended: CameraError) -> [String] {
        ["\(ended)  Enter: use photo  Esc: cancel", "No camera now  Enter: use photo  Esc: cancel",
         "Enter: use photo  Esc: cancel", "Enter: use  Esc", "Esc: cancel"]
    }

    func draw(into buffer: inout ScreenBuffer) {
        buffer.fill(region)
        guard region.width > 0, region.height > 0 else { return }
        guard region.height >= CameraModel.minimumRows else { return tooSmall(into: &buffer) }
        if region.height >= CameraModel.fullRows {
            // Shortened in the middle, as the picker's title is: cut at the edge, the app's
            // camera sheet at 30 columns read `Camera — lavfi:testsrc2=si`.
            let title = model.phase == .review ? "Camera — review" : "Camera — " + model.sourceName
            let shown = MiddleTruncation.truncate(title, toWidth: region.width)
            buffer.write(shown, at: Point(x: region.x, y: region.y), style: Style(attributes: .bold), clip: region)
        }
        let area = CameraModel.pictureArea(in: region)
        switch model.phase {
        case .preview:
            if let picture = model.live?.preview {
                buffer.draw(picture, centeredIn: area)
            } else {
                buffer.write(centered: ["Starting the camera…"], in: area, style: Style(attributes: .dim))
            }
            footer(wordings: Self.previewWordings, into: &buffer)
        case .review:
            if let picture = model.stillPicture ?? model.still?.preview {
                buffer.draw(picture, centeredIn: area)
            }
            buttons(into: &buffer)
            if let ended = model.streamEnded {
                footer(wordings: Self.endedReviewWordings(ended), into: &buffer)
            } else {
                footer(wordings: Self.reviewWordings(focus: model.reviewFocus), into: &buffer)
            }
        case .failed(let error):
            buffer.write(centered: [error.description], in: area, style: Style(attributes: .bold))
        case .finished:
            break
        }
    }

    /// Below 3 rows: one line, the stream's error if it ended, else what the screen needs and
    /// the one key that works there.
    private func tooSmall(into buffer: inout ScreenBuffer) {
        let wordings: [String]
        if case .failed(let error) = model.phase {
            wordings = [error.description]
        } else {
            let rows = CameraModel.minimumRows
            wordings = ["Camera: too small, need \(rows) rows; Esc cancels", "Too small, need \(rows) rows; Esc cancels",
                        "Need \(rows) rows; Esc cancels", "Need \(rows) rows; Esc", "Need \(rows) rows", "Too small"]
        }
        let line = wordings.first { DisplayWidth.of($0) <= region.width } ?? wordings.last!
        let shown = MiddleTruncation.truncate(line, toWidth: region.width)
        buffer.write(shown, at: region.centeredLine(width: DisplayWidth.of(shown)), style: Style(attributes: .bold), clip: region)
    }

    /// Where the review's buttons are in `region`, and what they say there
    /// (`CameraReviewButtons`); nil below 4 rows. Drawing and mouse clicks both use it.
    static func buttonFrames(in region: Rect) -> CameraReviewButtons? {
        CameraReviewButtons(in: region)
    }

    private func buttons(into buffer: inout ScreenBuffer) {
        guard let frames = Self.buttonFrames(in: region) else { return }
        // The focused one as a focused `Button` is drawn, in reverse video; the other plain.
        func style(_ button: CameraModel.ReviewButton) -> Style {
            // Retake is dimmed once the stream has ended: it has no preview to go back to.
            if button == .retake && model.streamEnded != nil { return Style(attributes: .dim) }
            return Style(attributes: model.reviewFocus == button ? [.reverse, .bold] : [])
        }
        buffer.write(frames.retakeLabel, at: Point(x: frames.retake.x, y: frames.retake.y), style: style(.retake), clip: region)
        buffer.write(frames.usePhotoLabel, at: Point(x: frames.usePhoto.x, y: frames.usePhoto.y), style: style(.usePhoto), clip: region)
    }

    /// The longest of `wordings` that fits the width (the last, clipped, where none does).
    private func footer(wordings: [String], into buffer: inout ScreenBuffer) {
        let hints = wordings.first { DisplayWidth.of($0) <= region.width } ?? wordings.last!
        buffer.write(hints, at: Point(x: region.x, y: region.maxY - 1), style: Style(attributes: .dim), clip: region)
    }
}
