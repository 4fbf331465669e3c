import MediaDecoding
import Thumbnails

/// Draws the stream's frames for the preview on the render thread, each only if it looks
/// different: a frame whose reduced pixels equal the last drawn one's, for the same target,
/// gets that picture again with its number, so the screen knows nothing changed. A camera
/// pointed at a still scene (or a static source) then costs the reduction, not the render;
/// rendering it again cost 29 % of a core at 80x24 and 75 % at 200x60 for the same picture.
struct LivePreview: Sendable {
    /// The last picture drawn and what it was drawn from.
    private var last: (target: CameraCapture.PreviewTarget, pixels: PixelImage, picture: NumberedPreview)?
    /// Pictures drawn so far (the next one's number).
    private(set) var renders = 0

    /// An empty preview: the first frame is drawn.
    init() {}

    /// The preview of `full` drawn for `target`: a new picture with a new number, or the last
    /// one when the frame reduces to the same pixels for the same target.
    mutating func picture(of full: RGBFrame, for target: CameraCapture.PreviewTarget) -> NumberedPreview {
        let wanted = target.renderer.pixelSize(forImageOf: PixelSize(width: full.width, height: full.height), in: target.cells)
        let pixels = full.reduced(width: wanted.width, height: wanted.height)
        if let last, last.target == target, last.pixels == pixels { return last.picture }
        let picture = NumberedPreview(picture: target.renderer.render(pixels, in: target.cells), number: renders)
        renders += 1
        last = (target, pixels, picture)
        return picture
    }
}

/// A preview picture and its number in the stream of pictures drawn: two frames with the
/// same number show the same picture, so the second needs no redraw.
public struct NumberedPreview: Sendable {
    /// The picture.
    public let picture: RenderedThumbnail
    /// Counts the pictures drawn, from 0.
    public let number: Int
}
