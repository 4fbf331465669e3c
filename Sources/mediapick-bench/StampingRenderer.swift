import MediaDecoding
import Thumbnails

/// A graphics renderer that also reads the stamp of the frame it draws and gives the picture
/// that identity (the stamp plus one), so the benchmark's backend knows which frame a placed
/// picture is: a graphics payload cannot be read back as cells can. Reading 16 pixels is the
/// only work added.
struct StampingRenderer: ThumbnailRenderer {
    /// The renderer measured.
    let base: AnyThumbnailRenderer
    /// The stamp's layout.
    let stamp: CameraStamp

    static func == (lhs: StampingRenderer, rhs: StampingRenderer) -> Bool { lhs.base == rhs.base }
    func hash(into hasher: inout Hasher) { hasher.combine(base) }

    func pixelSize(forImageOf size: PixelSize, in cells: TileSize) -> PixelSize { base.pixelSize(forImageOf: size, in: cells) }

    func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail {
        let rendered = base.render(image, in: cells)
        guard case .graphics(var picture) = rendered else { return rendered }
        picture.identity = stamp.read(image) + 1
        return .graphics(picture)
    }

    func placeholder(duration: Double?, in cells: TileSize) -> RenderedThumbnail { base.placeholder(duration: duration, in: cells) }
}
