/// A thumbnail drawn, and whether the picture it shows is whole: `cut` marks one drawn from a
/// file that ends inside its picture (`PictureCut`). What `Thumbnailer.drawing` gives, so that
/// `mediapick thumb` can say so.
public struct DrawnThumbnail: Hashable, Sendable {
    /// What the terminal shows.
    public var thumbnail: RenderedThumbnail
    /// Set when the picture is partial: its file ends before its data does.
    public var cut: PictureCut?

    /// A thumbnail, partial when `cut` is given.
    public init(_ thumbnail: RenderedThumbnail, cut: PictureCut? = nil) {
        self.thumbnail = thumbnail
        self.cut = cut
    }
}
