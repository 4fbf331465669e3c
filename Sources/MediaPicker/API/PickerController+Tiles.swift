import CellArt
import MediaDecoding
import TerminalUI
import Thumbnails
import Platform

/// Everything the picker says to the thumbnail pipeline, in one place: how a tile is keyed,
/// how its state is read for drawing, what is wanted after an update, and what a finished
/// tile means for the library.
extension PickerController {
    /// What the model wants worked on now, most urgent first.
    struct TileRequest {
        /// Tiles on screen.
        var visible: [ThumbnailKey] = []
        /// Tiles of the screenful after it.
        var ahead: [ThumbnailKey] = []
        /// Entries whose kind is still unknown, to classify before the rest (nil: leave the library's order).
        var classify: [RawPath]?
    }

    /// The pipeline's key for `entry` at a picture `size` (the preview fits the whole picture):
    /// cell art, or a picture in the configured pixel protocol (which always fits).
    func tileKey(for entry: MediaEntry, size: Size, preview: Bool) -> ThumbnailKey {
        guard configuration.drawsPictures else {
            var options = configuration.artOptions(columns: size.width, rows: size.height)
            if preview { options.fit = .fit }
            return ThumbnailKey(entry: entry, options: options)
        }
        return ThumbnailKey(path: entry.path, modificationTime: entry.modificationTime, byteSize: entry.byteSize,
                            size: TileSize(columns: size.width, rows: size.height), renderer: configuration.thumbnailRenderer)
    }

    /// A tile's state now, for the view.
    func tileState(for entry: MediaEntry, size: Size, preview: Bool) -> ThumbnailPipeline.State {
        pipeline.state(for: tileKey(for: entry, size: size, preview: preview))
    }

    /// The request derived from the model and its layout: the preview's picture, or the
    /// visible tiles and the next screenful. A finished picker, or one not yet laid out or
    /// too small, wants nothing.
    var tileRequest: TileRequest {
        guard !model.isFinished, let layout = model.layout, !layout.isTooSmall else { return TileRequest() }
        if let entry = model.previewEntry {
            let picture = PreviewView.imageRect(in: layout.previewArea)
            return TileRequest(visible: picture.isEmpty ? [] : [tileKey(for: entry, size: picture.size, preview: true)])
        }
        let entries = model.shownEntries
        let visible = layout.entries(page: 0, of: entries.count).map { entries[$0] }
        let ahead = layout.entries(page: 1, of: entries.count).map { entries[$0] }
        let tile = TileView.pictureSize(forTile: layout.gridLayout.tile, drawsPictures: configuration.drawsPictures)
        let keys = { (entries: [MediaEntry]) in
            entries.filter { !$0.isUnreadable }.map { self.tileKey(for: $0, size: tile, preview: false) }
        }
        return TileRequest(visible: keys(visible), ahead: keys(ahead),
                           classify: (visible + ahead).filter { $0.status == .pending }.map(\.path))
    }

    /// Hands the pipeline and the library the current request.
    func requestTiles() {
        let request = tileRequest
        pipeline.want(visible: request.visible, ahead: request.ahead)
        if let classify = request.classify { library.prioritize(classify) }
    }

    /// A tile finished: a vanished file is dropped from the library, and the sheet redrawn.
    func tileDidFinish(_ key: ThumbnailKey) {
        switch pipeline.state(for: key) {
        case .failed(.vanished): library.markVanished(key.path)
        // A picture only: a video is exported as it is, broken or not.
        case .failed(let error) where configuration.refusesUndecodablePictures:
            if let reason = error.undecodableReason, library.entry(for: key.path)?.listedKind == .image {
                send(.undecodable(key.path, reason: reason))
            }
        default: break
        }
        send(.tileFinished)
        setNeedsDisplay?()
    }
}
