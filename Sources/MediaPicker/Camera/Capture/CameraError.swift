/// Why the camera cannot show pictures or keep a photo, in one line for the user.
public enum CameraError: Error, Hashable, Sendable, CustomStringConvertible {
    /// ffmpeg is not on PATH.
    case noFFmpeg
    /// No capturing device was found (and none was named).
    case noDevice
    /// The source could not be opened (missing, busy, refused), with ffmpeg's reason.
    case cannotOpen(source: String, reason: String)
    /// The stream ended while the preview was showing (unplugged, end of a finite source).
    case stopped(reason: String)
    /// The photo could not be saved.
    case cannotSave(String)
    /// No folder was named for the photo and there is no pictures folder to default to
    /// (`HOME` and `XDG_PICTURES_DIR` unset).
    case noPicturesFolder

    /// The message without the command line's advice to name a device (`mediapick app` and
    /// the demo take no `--device`).
    public var withoutOptionHint: String {
        switch self {
        case .noDevice: return "no camera found (no /dev/video* device can capture)"
        case .noPicturesFolder: return "no folder for the photo: neither HOME nor XDG_PICTURES_DIR is set"
        default: return description
        }
    }

    /// The message.
    public var description: String {
        switch self {
        case .noFFmpeg: return "camera needs ffmpeg, which is not on PATH (install it: apt-get install ffmpeg)"
        case .noDevice: return withoutOptionHint + "; name one with --device"
        case .cannotOpen(let source, let reason): return "cannot open camera \(source): \(reason)"
        case .stopped(let reason): return "camera stopped: \(reason)"
        case .cannotSave(let reason): return "cannot save the photo: \(reason)"
        case .noPicturesFolder: return withoutOptionHint + "; name one with --export DIR"
        }
    }
}
