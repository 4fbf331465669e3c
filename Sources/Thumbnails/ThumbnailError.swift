#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MediaDecoding
import Platform

/// Why a thumbnail could not be made; says what a user needs to know.
public enum ThumbnailError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not there (any errno `SystemError.isMissing` accepts).
    case vanished(path: String)
    /// The file cannot be opened or read (`errno`).
    case unreadable(path: String, errno: Int32)
    /// The content is neither an image nor a video this build knows; `format` names the
    /// picture format it is in when that is known but not read (`ImageDecoder.unreadFormat`).
    case notMedia(path: String, format: String? = nil)
    /// The file holds no bytes: told apart from `notMedia`, as a user then looks for the
    /// download or copy that did not finish rather than at the format.
    case empty(path: String)
    /// The decoder refused the content.
    case decode(path: String, DecodeError)
    /// A video whose container gave no duration and of which ffmpeg made no frame.
    case brokenVideo(path: String)
    /// An earlier attempt failed for this very version of the file (recorded under `fail/`),
    /// for `reason` (the earlier error's `reason`; nil in a record of an older mediapick,
    /// which kept none).
    case failedBefore(path: String, reason: String?)
    /// The work was cancelled (the tile scrolled away).
    case cancelled

    /// The same failure told of `name` instead of the path it was read by (a copy of stdin
    /// is read by a `/proc` path that means nothing to a user).
    public func naming(_ name: String) -> ThumbnailError {
        switch self {
        case .vanished: return .vanished(path: name)
        case .unreadable(_, let code): return .unreadable(path: name, errno: code)
        case .notMedia(_, let format): return .notMedia(path: name, format: format)
        case .empty: return .empty(path: name)
        case .decode(_, let error): return .decode(path: name, error)
        case .brokenVideo: return .brokenVideo(path: name)
        case .failedBefore(_, let reason): return .failedBefore(path: name, reason: reason)
        case .cancelled: return .cancelled
        }
    }

    /// One line for a user.
    public var description: String {
        switch self {
        // Gone or unreadable: the words every other part of mediapick uses for the same errno.
        case .vanished(let path): return SystemError(path: path, code: ENOENT).description
        case .unreadable(let path, let code): return SystemError(path: path, code: code).description
        case .notMedia(let path, _), .empty(let path), .decode(let path, _), .brokenVideo(let path):
            return "\(path): \(reason)"
        case .failedBefore(let path, _?): return "\(path): \(reason) (\(note!))"
        case .failedBefore(let path, nil): return "\(path): cannot be read (it failed before; --no-cache tries again and says why)"
        case .cancelled: return "cancelled"
        }
    }

    /// What `description` says after the reason, in brackets, that a short line may leave out
    /// (the preview does): how the failure is known, for one remembered from an earlier try.
    public var note: String? {
        switch self {
        case .failedBefore(_, _?): return "remembered from an earlier try; --no-cache tries again"
        case .failedBefore(_, nil): return "--no-cache tries again and says why"
        default: return nil
        }
    }

    /// What went wrong with the content, when the failure is that it could not be decoded (a
    /// corrupt, truncated or unsupported picture, a video nothing could read, or such a failure
    /// remembered from before); nil for the rest (too large, unreadable, gone, not media,
    /// an I/O error, cancelled), where the content itself was not found at fault.
    public var undecodableReason: String? {
        switch self {
        case .decode(_, .tooLarge), .decode(_, .io): return nil
        case .decode, .brokenVideo, .failedBefore: return reason
        case .vanished, .unreadable, .notMedia, .empty, .cancelled: return nil
        }
    }

    /// The words for a file in a picture format mediapick does not read, and what it does read;
    /// for sound alone in a video container (`MediaProbe.audioSuffix`), that it has no picture.
    public static func unread(_ format: String) -> String {
        if format.hasSuffix(MediaProbe.audioSuffix) { return "\(format) without a video track, not a picture or video" }
        return "\(format), a format mediapick does not read (it reads JPEG, PNG, GIF, WebP, HEIC, AVIF, BMP and PNM)"
    }

    /// What went wrong, without the path: what a failure record keeps, to be told again.
    public var reason: String {
        switch self {
        case .vanished: return SystemError.reason(ENOENT)
        case .unreadable(_, let code): return SystemError.reason(code)
        case .notMedia(_, let format?): return Self.unread(format)
        case .notMedia: return "not an image or video"
        case .empty: return "empty file"
        case .decode(_, let error): return "\(error)"
        case .brokenVideo: return "not a readable video (ffmpeg found no frame)"
        case .failedBefore(_, let reason): return reason ?? "cannot be read (it failed before)"
        case .cancelled: return "cancelled"
        }
    }
}
