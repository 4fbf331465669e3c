#if canImport(Glibc)
import Glibc
#endif
import CellArt
import ColorModel
import MediaDecoding
import MediaPicker
import Platform
import Thumbnails

/// What a camera needs before its screen opens, all checked up front: ffmpeg, the source
/// (probed for a first frame within a time limit), and the folder photos go to.
struct CameraSetup: Sendable {
    /// ffmpeg's path.
    let ffmpeg: RawPath
    /// The source.
    let source: CameraSource
    /// Its frame size.
    let size: PixelSize
    /// Where Use Photo saves.
    let folder: RawPath

    /// Finds ffmpeg and the source and probes it; throws why it cannot. `abandon` (asked from
    /// another thread) true ends the probe and its ffmpeg (`CameraProbe.frameSize`).
    static func open(_ options: CameraOptions, environment: [String: String],
                     abandon: @escaping @Sendable () -> Bool = { false }) throws(CameraError) -> CameraSetup {
        let source = try find(options, environment: environment)
        let size = try CameraProbe.frameSize(of: source.source, ffmpeg: source.ffmpeg, abandon: abandon)
        guard let folder = options.export ?? PicturesFolder.path(environment: environment) else { throw .noPicturesFolder }
        return CameraSetup(ffmpeg: source.ffmpeg, source: source.source, size: size, folder: folder)
    }

    /// ffmpeg and the source, without probing.
    static func find(_ options: CameraOptions, environment: [String: String]) throws(CameraError) -> (ffmpeg: RawPath, source: CameraSource) {
        guard let ffmpeg = Subprocess.find("ffmpeg", environment: environment) else { throw .noFFmpeg }
        if let device = options.device { return (ffmpeg, CameraSource(spec: device)) }
        guard let first = CameraDevice.list().first else { throw .noDevice }
        return (ffmpeg, .device(first.path))
    }

    /// The preview's renderer: cell art drawn with `art` (`ThumbnailRendering.artOptions`, so
    /// it takes the cells' shape as the picker's tiles do).
    static func renderer(_ art: ArtOptions) -> AnyThumbnailRenderer {
        AnyThumbnailRenderer(CellArtRenderer(art))
    }

    /// The output record of a saved photo.
    static func record(_ path: RawPath) -> OutputRecord {
        var record = OutputRecord(path: path, kind: .image, mimeType: MediaFormat.jpeg.mimeType)
        if case .success(let status) = FileStat.of(path) {
            record.byteSize = status.byteSize
            record.modificationTime = status.modificationTime.seconds
        }
        if let image = try? ImageDecoder.decode(path: path) {
            record.width = image.width
            record.height = image.height
        }
        return record
    }
}
