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
    private var running: [Task<Void, Never>] = []
    private var requested: Set<RawPath> = []

    /// A shelf making thumbnails with `render` (by default the thumbnails layer's cell art,
    /// through `cache`).
    public init(options: ArtOptions, cache: ThumbnailDiskCache? = nil, render: Render? = nil) {
        self.options = options
        // Not `render ?? { … }`: a typed-throws closure under `??` crashes Swift 6.3's SILGen.
        if let render {
            self.render = render
        } else {
            self.render = { (path: RawPath, isCancelled: @escaping @Sendable () -> Bool) throws(ThumbnailError) -> RenderedThumbnail in
                try Thumbnailer.thumbnail(for: path, options: options, cache: cache, isCancelled: isCancelled)
            }
        }
    }

    /// Starts making thumbnails for the paths not asked for before; each lands in `images`.
    public func load(_ paths: [RawPath], into images: Binding<[RawPath: ThumbnailState]>) {
        let render = self.render
        for path in paths where requested.insert(path).inserted {
            running.append(Task { @MainActor in
                let state = await Self.make(path, render)
                if !Task.isCancelled { images.wrappedValue[path] = state }
            })
        }
    }

    /// Runs `render` off the main actor, in the calling task (so cancelling it reaches the
    /// thumbnailer's cancellation checks).
    @concurrent
    nonisolated private static func make(_ path: RawPath, _ render: Render) async -> ThumbnailState {
        do throws(ThumbnailError) {
            return .ready(try render(path) { Task.isCancelled })
        } catch {
            return .failed(error)
        }
    }

    /// Returns once every thumbnail asked for so far has landed.
    public func waitUntilIdle() async {
        while !running.isEmpty {
            let batch = running
            running.removeAll()
            for task in batch { await task.value }
        }
    }

    /// Stops the work still running.
    public func cancel() {
        running.forEach { $0.cancel() }
        running.removeAll()
    }
}
