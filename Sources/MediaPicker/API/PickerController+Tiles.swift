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

    /// A tile was made from a version of its file other than the library's (rewritten or
    /// replaced since the scan): the library takes the file's size, time and header from what
    /// the tile's plan read, so that the caption and `--export`'s size rule at Space and Enter
    /// speak of the file as it is (the tile's key follows, and the pipeline keeps the tile under it).
    func tileFileDidChange(_ key: ThumbnailKey, file: FileVersion, plan: PixelPlan?) {
        let probed = plan.map { FileInspector.Outcome.media($0.format, width: $0.original?.width, height: $0.original?.height,
                                                             duration: $0.duration, header: $0.header) }
        library.refresh(key.path, byteSize: file.byteSize, modificationTime: file.modificationTime, probed: probed)
    }

    /// A tile finished: a vanished file is dropped from the library, a picture refused as
    /// broken that now decodes (its file fixed, see `ThumbnailPipeline`) is offered again, and
    /// the sheet redrawn. A partial picture (its file cut short) is shown, but refused for
    /// export as a broken one is: its copy would be as incomplete.
    func tileDidFinish(_ key: ThumbnailKey) {
        switch pipeline.state(for: key) {
        case .ready where model.undecodable[key.path] != nil: send(.decoded(key.path))
        case .partial where configuration.refusesUndecodablePictures:
            if library.entry(for: key.path)?.listedKind == .image { send(.undecodable(key.path, reason: PictureCut.exportRefusal)) }
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
