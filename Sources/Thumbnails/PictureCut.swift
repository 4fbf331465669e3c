/// The mark of a thumbnail drawn from a picture whose file ends inside its data (a download
/// in progress, an interrupted copy, `head -c 60% photo.jpg`): the decoder drew what came
/// before the end (a JPEG's rows so far, the rest filled grey as libjpeg fills it, or a
/// progressive JPEG's scans so far, as djpeg, chafa, ImageMagick and ffmpeg draw such a file; a
/// PNG's rows so far, the rest transparent, as a browser shows one still loading).
/// Shown with the mark so that nobody takes it for the picture: the tile's caption says
/// "cut", the preview and `mediapick thumb` say why. Such pixels are never kept in the disk
/// cache (the next look decodes the file again, whole once it is), and `--export` refuses the
/// file, whose copy would be as incomplete.
public struct PictureCut: Hashable, Sendable, CustomStringConvertible {
    /// The decoder's words for the end (`JPEG: Premature end of JPEG file`).
    public var detail: String

    /// A mark with the decoder's words.
    public init(detail: String) { self.detail = detail }

    /// The word on a tile's caption.
    public static let captionWord = "cut"

    /// The few words the preview shows under the picture.
    public static let summary = "partial picture: the file is cut short"

    /// One line for a user, without the file's name: what is drawn and why.
    public var description: String {
        "\(Self.summary) (\(detail)); drawn as far as it goes"
    }

    /// Why such a picture is not exported (a copy would be as incomplete), short enough for
    /// the picker's status line; the export's own error adds the decoder's words.
    public static let exportRefusal = "the file is cut short, so its picture is incomplete"
}
