import MediaDecoding
import Platform

/// Tells whether a picked file is a picture cut short, drawn only in part (a download in
/// progress: `DecodeError.truncated` with a partial picture, the tile's `⚠ cut`), for
/// `--format json`'s `"partial": true`. Asked of the file itself when the results are written,
/// not of the picker's tiles: a pick whose tile was never drawn (Ctrl-A over more than the
/// screen shows) is told the same, and a file completed since is whole.
enum CutPictureCheck {
    /// IEND, the chunk a whole PNG ends with (length 0, its CRC).
    private static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// True when `path` is a JPEG or PNG whose picture ends inside its data and is drawn as far
    /// as it goes. A file whose picture ends as a whole one does (a JPEG's EOI, a PNG's IEND)
    /// is taken as whole without decoding it: at the file's end, from its last bytes; else by
    /// walking its structure to that marker (`PictureEnd`: a phone's motion photo carries its
    /// video after the picture, and was decoded whole at each pick). Only a file that ends
    /// before its marker is decoded, at about twice 1024 pixels a side (a JPEG of up to about
    /// 11,000 pixels a side so at 2/8 of its size or more, where a progressive one is read
    /// through all its scans: at 1/8 only its first, which can be whole), through `decode`.
    /// Anything unreadable is not "partial": the other fields say what is known.
    static func isCut(_ path: RawPath, decode: (RawPath) throws(DecodeError) -> Void = decodeForCheck) -> Bool {
        guard let file = try? FileIO.OpenFile(path), file.size > pngEnd.count,
              let head = try? file.read(at: 0, count: 8),
              let tail = try? file.read(at: file.size - pngEnd.count, count: pngEnd.count) else { return false }
        let read = { (offset: Int, count: Int) -> [UInt8] in (try? file.read(at: offset, count: count)) ?? [] }
        switch ImageDecoder.sniff(head) {
        case .jpeg?: if tail.suffix(2).elementsEqual([0xFF, 0xD9]) || PictureEnd.jpeg(read: read) != nil { return false }
        case .png?: if tail == pngEnd || PictureEnd.png(read: read) != nil { return false }
        default: return false
        }
        do {
            try decode(path)
            return false
        } catch .truncated(_, let partial) {
            return partial != nil
        } catch {
            return false
        }
    }

    /// The decode `isCut` asks of a file that ends before its picture's end marker.
    static func decodeForCheck(_ path: RawPath) throws(DecodeError) {
        _ = try ImageDecoder.decode(path: path, options: DecodeOptions(targetWidth: 1024, targetHeight: 1024))
    }

    /// `record` with `partial` set from its file.
    static func marked(_ record: OutputRecord) -> OutputRecord {
        var marked = record
        marked.partial = record.kind == .image && isCut(record.path)
        return marked
    }
}
