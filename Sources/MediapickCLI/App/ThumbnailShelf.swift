import CellArt
import MediaDecoding
import MediaPicker
import TerminalUI
import Platform

/// A main-screen thumbnail once its work is done.
public enum Thumbnail: Hashable, Sendable {
    /// The picture.
    case ready(CellImage)
    /// The file could not be shown (broken, gone, unreadable).
    case unavailable
}

/// Makes the main screen's thumbnails off the main actor and hands each to the screen's
/// state when it is done (which redraws). Tests replace `render` and await `waitUntilIdle`.
@MainActor
public final class ThumbnailShelf {
    /// Makes one thumbnail (nil when the file cannot be shown); runs off the main actor.
    public typealias Render = @Sendable (RawPath, ArtOptions) -> CellImage?

    /// The thumbnail size and look.
    public let options: ArtOptions
    private let render: Render
    private var running: [Task<Void, Never>] = []
    private var requested: Set<RawPath> = []

    /// A shelf making thumbnails with `render` (the shared `Thumbnailer` by default).
    public init(options: ArtOptions, cache: ThumbnailDiskCache? = nil, render: Render? = nil) {
        self.options = options
        self.render = render ?? { path, options in try? Thumbnailer.thumbnail(for: path, options: options, cache: cache) }
    }

    /// Starts making thumbnails for the paths not asked for before; each lands in `images`.
    public func load(_ paths: [RawPath], into images: Binding<[RawPath: Thumbnail]>) {
        let render = self.render, options = self.options
        for path in paths where requested.insert(path).inserted {
            running.append(Task { @MainActor in
                let image = await Self.make(path, options, render)
                if !Task.isCancelled { images.wrappedValue[path] = image.map(Thumbnail.ready) ?? .unavailable }
            })
        }
    }

    /// Runs `render` off the main actor, in the calling task (so cancelling it reaches the
    /// thumbnailer's cancellation checks).
    @concurrent
    nonisolated private static func make(_ path: RawPath, _ options: ArtOptions, _ render: Render) async -> CellImage? {
        render(path, options)
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
