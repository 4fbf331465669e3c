import CellArt
import MediaDecoding
import MediaPicker
import TerminalUI
import Thumbnails
import Platform

/// Makes the main screen's thumbnails off the main actor, through a `ThumbnailPipeline` as the
/// picker's tiles are, and hands each to the screen's state when it is done (which redraws).
/// The screen asks when the thumbnails it shows change (`load`) and has their files checked
/// at each key it handles (`checkFiles`), so a chosen file rewritten, replaced or fixed (a
/// download finished) while the app is open is shown anew, as in the picker. Tests replace
/// `render`, await `waitUntilIdle` and count `requests`.
@MainActor
public final class ThumbnailShelf {
    /// Makes one thumbnail, asking `isCancelled` between steps; runs off the main actor.
    public typealias Render = @Sendable (RawPath, _ isCancelled: @escaping @Sendable () -> Bool) throws(ThumbnailError) -> RenderedThumbnail

    /// The thumbnail size and look.
    public let options: ArtOptions
    private let renderer: AnyThumbnailRenderer
    private let pipeline: ThumbnailPipeline
    /// Where finished thumbnails go (the screen's state), as the last `load` gave it.
    private var images: Binding<[RawPath: ThumbnailState]>?
    /// The keys of the thumbnails shown, as the last `load` gave them.
    private var shown: [ThumbnailKey] = []
    private var isCancelled = false
    /// How many times the pipeline was asked (`load`, `checkFiles`): the screen's draw asks nothing.
    private(set) var requests = 0

    /// A shelf making thumbnails of `options`' size with `render` (by default the thumbnails
    /// layer with `renderer` — cell art drawn with `options` when nil — through `cache`) on
    /// `scheduler` (by default one of its own, a thread per core).
    public init(options: ArtOptions, renderer: AnyThumbnailRenderer? = nil, cache: ThumbnailDiskCache? = nil,
                scheduler: WorkScheduler? = nil, render: Render? = nil) {
        self.options = options
        self.renderer = renderer ?? AnyThumbnailRenderer(CellArtRenderer(options))
        // An `if let`, not `??`: a typed-throws closure under `??` crashes Swift 6.3's SILGen.
        var work: ThumbnailPipeline.Work?
        if let render {
            work = { (key: ThumbnailKey, isCancelled: @escaping @Sendable () -> Bool) throws(ThumbnailError) -> RenderedThumbnail in
                try render(key.path, isCancelled)
            }
        }
        // One size of tile: decoded pixels are not drawn again at another, so few are kept.
        pipeline = ThumbnailPipeline(memoryCellLimit: 200_000, pixelByteLimit: 4 << 20, largePixelByteLimit: 4 << 20,
                                     diskCache: cache, scheduler: scheduler, work: work)
        pipeline.onUpdate = { [weak self] key in self?.tileDidFinish(key) }
    }

    /// The pipeline's key of a chosen file's thumbnail.
    private func key(for file: PickerResult) -> ThumbnailKey {
        ThumbnailKey(path: file.path, modificationTime: file.modificationTime, byteSize: file.byteSize,
                     size: TileSize(options), renderer: renderer)
    }

    /// The thumbnails of the chosen files shown now: those not made yet are made, those made
    /// have their files checked (off the main actor), and work on the rest stops; each lands
    /// in `images` under its path.
    public func load(_ files: [PickerResult], into images: Binding<[RawPath: ThumbnailState]>) {
        guard !isCancelled else { return }
        self.images = images
        shown = files.map(key(for:))
        requests += 1
        pipeline.want(visible: shown)
    }

    /// Has the files of the thumbnails shown checked again, off the main actor: one rewritten,
    /// replaced or fixed since it was made is made anew (the same request again, which costs the
    /// pipeline the check only).
    public func checkFiles() {
        guard !isCancelled else { return }
        requests += 1
        pipeline.want(visible: shown)
    }

    private func tileDidFinish(_ key: ThumbnailKey) {
        guard !isCancelled else { return }
        let state = pipeline.state(for: key)
        if case .loading = state { return }  // cancelled: it scrolled away
        images?.wrappedValue[key.path] = state
    }

    /// Returns once every thumbnail asked for so far has landed.
    public func waitUntilIdle() async {
        await pipeline.waitUntilIdle()
    }

    /// Stops the work still running; what it would have made is not shown.
    public func cancel() {
        isCancelled = true
        pipeline.want(visible: [])
    }
}
