/// Where a tile stands: the one tile-state type of the picker's grid and preview and of the
/// app's main screen.
public enum ThumbnailState: Hashable, Sendable {
    /// Not asked for yet, waiting, or being made.
    case loading
    /// Done.
    case ready(RenderedThumbnail)
    /// Failed for good (until the file changes).
    case failed(ThumbnailError)
}
