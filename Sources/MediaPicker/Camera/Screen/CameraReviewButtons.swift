import TerminalUI

/// The review's two buttons as laid out in a region: where each is and what it says. Both
/// stay whole on a narrow screen: the gap between them shrinks first, then the labels do
/// (`[Retake] [Use Photo]`, then `[Retake] [Use]`). At 26 columns, the camera on a narrow
/// terminal or the app's camera sheet on a 30-column one, `[ Use Photo ]` was cut at the
/// edge (`[ Retake ]    [ Use Ph`), the focused button, the one Enter presses, unreadable.
/// Drawing and clicks use the same frames.
struct CameraReviewButtons: Equatable {
    /// Where the Retake button is drawn, and takes clicks.
    let retake: Rect
    /// Where the Use Photo button is drawn, and takes clicks.
    let usePhoto: Rect
    /// The Retake button's label at this width.
    let retakeLabel: String
    /// The Use Photo button's label at this width.
    let usePhotoLabel: String

    /// The layouts, widest first: the first that fits is used, the last (14 columns) also
    /// below that, clipped at the region's right edge.
    static let layouts: [(retake: String, usePhoto: String, gap: Int)] = [
        (CameraView.retakeLabel, CameraView.usePhotoLabel, 4),
        (CameraView.retakeLabel, CameraView.usePhotoLabel, 1),
        ("[Retake]", "[Use Photo]", 1),
        ("[Retake]", "[Use]", 1),
    ]

    /// The buttons centred on the line above the key line of `region`, from 4 rows (at 3 the
    /// key line says it); nil below.
    init?(in region: Rect) {
        guard region.height >= CameraModel.fullRows else { return nil }
        let widths = Self.layouts.map { DisplayWidth.of($0.retake) + $0.gap + DisplayWidth.of($0.usePhoto) }
        let chosen = widths.firstIndex { $0 <= region.width } ?? Self.layouts.count - 1
        let layout = Self.layouts[chosen]
        let start = region.centeredLine(width: widths[chosen])
        let x = max(region.x, start.x), y = region.maxY - 2
        let retakeWidth = DisplayWidth.of(layout.retake)
        retake = Rect(x: x, y: y, width: retakeWidth, height: 1)
        usePhoto = Rect(x: x + retakeWidth + layout.gap, y: y, width: DisplayWidth.of(layout.usePhoto), height: 1)
        retakeLabel = layout.retake
        usePhotoLabel = layout.usePhoto
    }
}
