/// Where a tile stands: the one tile-state type of the picker's grid and preview and of the
/// app's main screen.
public enum ThumbnailState: Hashable, Sendable {
    /// Not asked for yet, waiting, or being made.
    case loading
    /// Done.
    case ready(RenderedThumbnail)
    /// Done, from a picture whose file ends inside its data (`PictureCut`): drawn as far as
    /// it goes, to be shown with the mark; made again, as any tile, once its file changes.
    case partial(RenderedThumbnail, PictureCut)
    /// Failed for good (until the file changes).
    case failed(ThumbnailError)

    /// The mark of a partial picture (`partial`'s); nil in every other state.
    public var cut: PictureCut? {
        if case .partial(_, let mark) = self { return mark }
        return nil
    }
}
