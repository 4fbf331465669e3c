/// Whether a file is a still image or a video.
public enum MediaKind: String, Hashable, Sendable, CaseIterable {
    /// A still image.
    case image
    /// A video clip.
    case video
}

/// A container or image format, recognised by its content (magic bytes), never by extension.
public enum MediaFormat: String, Hashable, Sendable, CaseIterable {
    /// JPEG / JFIF / EXIF.
    case jpeg
    /// PNG.
    case png
    /// GIF 87a / 89a.
    case gif
    /// WebP (lossy, lossless, extended).
    case webp
    /// HEIC / HEIF (ISO-BMFF with a heic/heix/mif1/msf1 brand).
    case heif
    /// AVIF (ISO-BMFF with an avif/avis brand).
    case avif
    /// Windows bitmap.
    case bmp
    /// Netpbm: P4 bitmap, P5 grey, P6 colour, and their plain (ASCII) forms P1, P2, P3.
    case pnm
    /// MPEG-4 video (ISO-BMFF with a video brand).
    case mp4
    /// QuickTime movie.
    case quickTime
    /// Matroska video.
    case matroska
    /// WebM video.
    case webm
    /// AVI (RIFF AVI).
    case avi

    /// Image or video.
    public var kind: MediaKind {
        switch self {
        case .mp4, .quickTime, .matroska, .webm, .avi: return .video
        default: return .image
        }
    }

    /// The MIME type, as printed by `--format json`.
    public var mimeType: String {
        switch self {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        case .gif: return "image/gif"
        case .webp: return "image/webp"
        case .heif: return "image/heic"
        case .avif: return "image/avif"
        case .bmp: return "image/bmp"
        case .pnm: return "image/x-portable-anymap"
        case .mp4: return "video/mp4"
        case .quickTime: return "video/quicktime"
        case .matroska: return "video/x-matroska"
        case .webm: return "video/webm"
        case .avi: return "video/x-msvideo"
        }
    }
}
