import CellArt
import MediaDecoding
import MediaPicker
import TerminalUI
import Thumbnails
import Platform

/// Makes the main screen's thumbnails off the main actor and hands each to the screen's
/// state when it is done (which redraws). Tests replace `render` and await `waitUntilIdle`.
@MainActor
public final class ThumbnailShelf {
    /// Makes one thumbnail, asking `isCancelled` between steps; runs off the main actor.
    public typealias Render = @Sendable (RawPath, _ isCancelled: @escaping @Sendable () -> Bool) throws(ThumbnailError) -> RenderedThumbnail

    /// The thumbnail size and look.
    public let options: ArtOptions
    private let render: Render
    private let scheduler: WorkScheduler
    private var running: [RawPath: WorkTicket] = [:]
    private var requested: Set<RawPath> = []
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// A shelf making thumbnails of `options`' size with `render` (by default the thumbnails
    /// layer with `renderer` — cell art drawn with `options` when nil — through `cache`) on
    /// `scheduler` (by default one of its own, a thread per core).
    public init(options: ArtOptions, renderer: AnyThumbnailRenderer? = nil, cache: ThumbnailDiskCache? = nil,
                scheduler: WorkScheduler? = nil, render: Render? = nil) {
        self.options = options
        self.scheduler = scheduler ?? WorkScheduler(name: "mediapick.shelf")
        // Not `render ?? { … }`: a typed-throws closure under `??` crashes Swift 6.3's SILGen.
        if let render {
            self.render = render
        } else {
            let renderer = renderer ?? AnyThumbnailRenderer(CellArtRenderer(options))
            self.render = { (path: RawPath, isCancelled: @escaping @Sendable () -> Bool) throws(ThumbnailError) -> RenderedThumbnail in
                try Thumbnailer.thumbnail(for: path, in: TileSize(options), renderer: renderer, cache: cache, isCancelled: isCancelled)
            }
        }
    }

    /// Starts making thumbnails for the paths not asked for before; each lands in `images`.
    public func load(_ paths: [RawPath], into images: Binding<[RawPath: ThumbnailState]>) {
        let render = self.render
        for path in paths where requested.insert(path).inserted {
            running[path] = scheduler.submit(priority: .visible) { ticket in
                let state: ThumbnailState
                do throws(ThumbnailError) {
                    state = .ready(try render(path) { ticket.isCancelled })
                } catch {
                    state = .failed(error)
                }
                Task { @MainActor [weak self] in
                    // A cancelled shelf's late results are dropped, not drawn.
                    guard let self, self.running.removeValue(forKey: path) != nil else { return }
                    images.wrappedValue[path] = state
                    self.resumeWaitersIfIdle()
                }
            }
        }
    }

    /// Returns once every thumbnail asked for so far has landed.
    public func waitUntilIdle() async {
        if running.isEmpty { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Stops the work still running; what it would have made is not shown.
    public func cancel() {
        running.values.forEach { $0.cancel() }
        running.removeAll()
        resumeWaitersIfIdle()
    }

    private func resumeWaitersIfIdle() {
        guard running.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        waiters.forEach { $0.resume() }
    }
}
