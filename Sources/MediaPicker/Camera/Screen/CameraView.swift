import TerminalUI
import Thumbnails

/// Draws the camera screen from its model, changing nothing: the title, the live frame or
/// the still, and the key line (or the review's two buttons).
struct CameraView {
    let model: CameraModel
    let region: Rect

    /// The review's buttons, as drawn.
    static let retakeLabel = "[ Retake ]"
    /// The review's buttons, as drawn.
    static let usePhotoLabel = "[ Use Photo ]"
    /// The preview's key line.
    static let previewHints = "Space/Enter: take picture  Esc: cancel"
    /// The review's key line.
    static let reviewHints = "r: retake  Enter: use photo  Esc: cancel"

    func draw(into buffer: inout ScreenBuffer) {
        buffer.fill(region)
        guard region.width > 0, region.height > 0 else { return }
        guard region.height >= CameraModel.minimumRows else { return tooSmall(into: &buffer) }
        if region.height >= CameraModel.fullRows {
            let title = model.phase == .review ? "Camera — review" : "Camera — " + model.sourceName
            buffer.write(title, at: Point(x: region.x, y: region.y), style: Style(attributes: .bold), clip: region)
        }
        let area = CameraModel.pictureArea(in: region)
        switch model.phase {
        case .preview:
            if let picture = model.live?.preview {
                buffer.draw(picture, centeredIn: area)
            } else {
                buffer.write(centered: ["Starting the camera…"], in: area, style: Style(attributes: .dim))
            }
            footer(hints: Self.previewHints, into: &buffer)
        case .review:
            if let picture = model.stillPicture ?? model.still?.preview {
                buffer.draw(picture, centeredIn: area)
            }
            buttons(into: &buffer)
            footer(hints: Self.reviewHints, into: &buffer)
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

    /// The buttons, centred on the line above the key line (from 4 rows: at 3 the key line says it).
    private func buttons(into buffer: inout ScreenBuffer) {
        guard region.height >= CameraModel.fullRows else { return }
        let gap = "    "
        let line = Self.retakeLabel + gap + Self.usePhotoLabel
        let start = region.centeredLine(width: DisplayWidth.of(line))
        let y = region.maxY - 2
        buffer.write(Self.retakeLabel, at: Point(x: start.x, y: y), style: Style(attributes: .reverse), clip: region)
        buffer.write(Self.usePhotoLabel, at: Point(x: start.x + DisplayWidth.of(Self.retakeLabel) + gap.count, y: y),
                     style: Style(attributes: [.reverse, .bold]), clip: region)
    }

    private func footer(hints: String, into buffer: inout ScreenBuffer) {
        buffer.write(hints, at: Point(x: region.x, y: region.maxY - 1), style: Style(attributes: .dim), clip: region)
    }
}
