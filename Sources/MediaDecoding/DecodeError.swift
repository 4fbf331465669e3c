import Platform

/// Why a file could not be read or decoded. Every decoder failure is one of these: never a crash.
public enum DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The content is not a format this build can decode (`detail` says which, when known).
    case unsupported(detail: String)
    /// The data ends before the image does. `partial` is the picture the decoder drew from the
    /// data before the end, when it drew some (a JPEG or PNG cut in its picture data, as a
    /// download in progress or an interrupted copy leaves it: a JPEG's rows that came, or a
    /// progressive one's scans so far, the rest as libjpeg fills missing data, see
    /// `cc_jpeg_drew_some`; a PNG's rows so far, or an interlaced one's passes so far, each
    /// pixel filling its block, the rest transparent), at the size and
    /// orientation asked for. A caller that shows pictures may show it,
    /// marked as partial; one that copies them refuses the file, as every caller that does
    /// not look at it does.
    case truncated(detail: String, partial: PixelImage? = nil)
    /// The data is malformed; `detail` carries the codec library's own message.
    case corrupt(detail: String)
    /// Decoding the image would take more than the pixel limit (the pixels produced at the scale
    /// the decoder can read it at, or for a JPEG in several scans their memory): refused from its
    /// header, before any large allocation, as a guard against decompression bombs.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// An interlaced (Adam7) PNG asked to be read a band of rows at a time, which its seven
    /// passes over the whole picture rule out.
    case interlaced
    /// A picture larger than a JPEG can be (`JPEGCopy.maxSide` a side), to be written as one:
    /// the format is read, the size is what a JPEG copy cannot hold.
    case tooLargeForJPEG(width: Int, height: Int)
    /// A library the format needs could not be loaded (not installed, too old, or, for HEIC and
    /// AVIF, no decoder plugin for the codec); `detail` names it and the package to install. It
    /// says nothing of the file, so it is not remembered as the file's failure.
    case libraryMissing(detail: String)
    /// A system call failed; `errno` as the system reported it, `detail` its words (strerror).
    case io(path: String, errno: Int32, detail: String)

    /// A failed system call as a decoder error (worded by `SystemError`).
    public init(_ error: SystemError) {
        self = .io(path: error.subject, errno: error.code, detail: error.reason)
    }

    /// The failed system call, when this is one: ask it `isMissing` rather than compare codes.
    public var systemError: SystemError? {
        if case .io(let path, let code, _) = self { return SystemError(path: path, code: code) }
        return nil
    }

    /// The same error with its partial picture, if any, passed through `transform` (turned by
    /// the orientation the whole picture would be turned by); other errors as they are.
    func mappingPartial(_ transform: (PixelImage) -> PixelImage) -> DecodeError {
        if case .truncated(let detail, let partial?) = self { return .truncated(detail: detail, partial: transform(partial)) }
        return self
    }

    /// The same error without its partial picture: what is kept of a failure (the pixels are
    /// of no use once the picture is refused, and hashing them costs).
    public var withoutPartial: DecodeError {
        if case .truncated(let detail, _?) = self { return .truncated(detail: detail) }
        return self
    }

    /// One line for a user: what is wrong, and with what.
    public var description: String {
        switch self {
        case .unsupported(let detail): return "unsupported format: \(detail)"
        case .truncated(let detail, _): return "truncated file: \(detail)"
        case .corrupt(let detail): return "corrupt image: \(detail)"
        case .tooLarge(let w, let h, let limit):
            let amount = limit >= 1_000_000 ? "\(limit / 1_000_000) megapixels (\(limit * 4 / 1_000_000) MB)" : "\(limit) pixels"
            return "image too large: \(w)x\(h) would decode to more than the limit of \(amount) at once"
        case .interlaced:
            return "an interlaced PNG's rows come in seven passes over the whole picture, so it cannot be read a band of rows at a time (saved without interlacing, it can)"
        case .tooLargeForJPEG(let w, let h):
            return "\(w)x\(h) is larger than a JPEG can be (\(JPEGCopy.maxSide) pixels a side); scale it down to export it"
        case .libraryMissing(let detail): return "cannot be read here: \(detail)"
        case .io(let path, let code, _): return SystemError(path: path, code: code).description
        }
    }
}
