/// MP4 / QuickTime metadata: duration from `moov/mvhd`, frame size from the video track's
/// `tkhd` (or its sample entry) as shown, turned by the track's matrix (a phone's portrait
/// clip is stored landscape with a 90° rotation), codec from `stsd`.
enum MP4Reader {
    /// Largest moov box read (an hour of video has a few MB of index).
    static let moovLimit = 64 << 20

    static func info(_ format: MediaFormat, file: SourceFile, prefix: ByteReader) throws(DecodeError) -> VideoInfo {
        var o = 0
        var steps = 0
        while o + 8 <= file.size, steps < 10_000 {
            steps += 1
            let head: ByteReader
            if let inPrefix = prefix.sub(o, 16) ?? prefix.sub(o, 8) { head = inPrefix } else {
                head = ByteReader(try file.read(at: o, count: 16))
            }
            guard let box = ISOBox.header(head, at: 0, limit: file.size - o) else { break }
            if box.type == "moov" {
                let size = box.contentSize
                guard size <= moovLimit else { break }
                let content: ByteReader
                if let inPrefix = prefix.sub(o + box.contentOffset, size) { content = inPrefix } else {
                    content = ByteReader(try file.read(at: o + box.contentOffset, count: size))
                }
                return parseMoov(format, content)
            }
            o += box.end
        }
        return VideoInfo(format: format)
    }

    /// Reads the fields from a moov box's content.
    static func parseMoov(_ format: MediaFormat, _ moov: ByteReader) -> VideoInfo {
        var info = VideoInfo(format: format)
        let boxes = ISOBox.children(moov)
        if let mvhd = boxes.first(where: { $0.type == "mvhd" })?.content(moov), let version = mvhd.u8(0) {
            let scale = version == 1 ? mvhd.u32be(20) : mvhd.u32be(12)
            let duration = version == 1 ? mvhd.u64be(24) : mvhd.u32be(16)
            if let s = scale, s > 0, let d = duration, d != 0xFFFF_FFFF { info.duration = Double(d) / Double(s) }
        }
        var sound = false
        for trak in boxes where trak.type == "trak" {
            guard let t = trak.content(moov) else { continue }
            let parts = ISOBox.children(t)
            guard let mdia = parts.first(where: { $0.type == "mdia" })?.content(t) else { continue }
            let mdiaParts = ISOBox.children(mdia)
            guard let hdlr = mdiaParts.first(where: { $0.type == "hdlr" })?.content(mdia), hdlr.fourCC(8) == "vide" else {
                if mdiaParts.first(where: { $0.type == "hdlr" })?.content(mdia)?.fourCC(8) == "soun" { sound = true }
                continue
            }
            var quarterTurn = false
            if let tkhd = parts.first(where: { $0.type == "tkhd" })?.content(t), let version = tkhd.u8(0) {
                let at = version == 1 ? 88 : 76
                if let w = tkhd.u32be(at), let h = tkhd.u32be(at + 4), w >> 16 > 0, h >> 16 > 0 {
                    info.width = w >> 16
                    info.height = h >> 16
                }
                // The matrix { a b u, c d v, x y w } before the size: a quarter turn has
                // a = d = 0 (ffmpeg, phones: 90° as b = 1, c = -1, in 16.16 fixed point).
                if let a = tkhd.u32be(at - 36), let b = tkhd.u32be(at - 32), let c = tkhd.u32be(at - 24), let d = tkhd.u32be(at - 20) {
                    quarterTurn = a == 0 && d == 0 && b != 0 && c != 0
                }
            }
            if let minf = mdiaParts.first(where: { $0.type == "minf" })?.content(mdia),
               let stbl = ISOBox.children(minf).first(where: { $0.type == "stbl" })?.content(minf),
               let stsd = ISOBox.children(stbl).first(where: { $0.type == "stsd" })?.content(stbl),
               let codec = stsd.fourCC(12) {
                info.codec = codec
                if info.width == nil, let w = stsd.u16be(8 + 32), let h = stsd.u16be(8 + 34), w > 0, h > 0 {
                    info.width = w
                    info.height = h
                }
            }
            if quarterTurn { (info.width, info.height) = (info.height, info.width) }
            return info
        }
        info.isAudioOnly = sound
        return info
    }
}
