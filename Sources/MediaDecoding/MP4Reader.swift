/// MP4 / QuickTime metadata: duration from `moov/mvhd`, frame size from the video track's
/// `tkhd` (or its sample entry), codec from `stsd`.
enum MP4Reader {
    /// Largest moov box read (an hour of video has a few MB of index).
    static let moovLimit = 64 << 20

    static func info(_ format: MediaFormat, file: FileIO.OpenFile, prefix: ByteReader) throws(DecodeError) -> VideoInfo {
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
        for trak in boxes where trak.type == "trak" {
            guard let t = trak.content(moov) else { continue }
            let parts = ISOBox.children(t)
            guard let mdia = parts.first(where: { $0.type == "mdia" })?.content(t) else { continue }
            let mdiaParts = ISOBox.children(mdia)
            guard let hdlr = mdiaParts.first(where: { $0.type == "hdlr" })?.content(mdia), hdlr.fourCC(8) == "vide" else {
                continue
            }
            if let tkhd = parts.first(where: { $0.type == "tkhd" })?.content(t), let version = tkhd.u8(0) {
                let at = version == 1 ? 88 : 76
                if let w = tkhd.u32be(at), let h = tkhd.u32be(at + 4), w >> 16 > 0, h >> 16 > 0 {
                    info.width = w >> 16
                    info.height = h >> 16
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
            break
        }
        return info
    }
}

/// Matroska / WebM metadata: Segment Info duration, the first video track's size and codec.
enum MatroskaReader {
    static func info(_ format: MediaFormat, _ r: ByteReader) -> VideoInfo {
        var info = VideoInfo(format: format)
        var o = 0
        guard let header = EBML.element(r, at: o) else { return info }
        o = header.dataOffset + header.size
        guard let segment = EBML.element(r, at: o), segment.id == 0x1853_8067,
              let body = r.sub(segment.dataOffset, segment.size) else { return info }
        var p = 0
        var scale = 1_000_000.0
        var rawDuration: Double?
        while let e = EBML.element(body, at: p), e.id != 0x1F43_B675 {  // stop at the first Cluster
            if e.id == 0x1549_A966, let infoBody = body.sub(e.dataOffset, e.size) {
                each(infoBody) { f in
                    if f.id == 0x2A_D7B1, let v = EBML.uint(infoBody, f), v > 0 { scale = Double(v) }
                    if f.id == 0x4489 { rawDuration = EBML.float(infoBody, f) }
                }
            }
            if e.id == 0x1654_AE6B, let tracks = body.sub(e.dataOffset, e.size) {
                each(tracks) { entry in
                    guard entry.id == 0xAE, info.codec == nil, let t = tracks.sub(entry.dataOffset, entry.size) else { return }
                    var type = 0, codec: String?, width: Int?, height: Int?
                    each(t) { f in
                        if f.id == 0x83 { type = EBML.uint(t, f) ?? 0 }
                        if f.id == 0x86 { codec = EBML.string(t, f) }
                        if f.id == 0xE0, let video = t.sub(f.dataOffset, f.size) {
                            each(video) { v in
                                if v.id == 0xB0 { width = EBML.uint(video, v) }
                                if v.id == 0xBA { height = EBML.uint(video, v) }
                            }
                        }
                    }
                    if type == 1 { info.codec = codec; info.width = width; info.height = height }
                }
            }
            p = e.dataOffset + e.size
        }
        if let d = rawDuration, d.isFinite, d >= 0 { info.duration = d * scale / 1e9 }
        return info
    }

    /// Calls `body` for each element directly inside `r`.
    private static func each(_ r: ByteReader, _ body: (EBML.Element) -> Void) {
        var o = 0
        var n = 0
        while let e = EBML.element(r, at: o), n < 100_000 {
            body(e)
            o = e.dataOffset + e.size
            n += 1
        }
    }
}

/// AVI metadata from the main header (`avih`) and the first video stream header.
enum AVIReader {
    static func info(_ r: ByteReader) -> VideoInfo {
        var info = VideoInfo(format: .avi)
        guard let hdrl = list(r, from: 12, type: "hdrl") else { return info }
        for chunk in chunks(hdrl, from: 0) {
            if chunk.id == "avih", let a = hdrl.sub(chunk.offset, chunk.size) {
                if let us = a.u32le(0), let frames = a.u32le(16), us > 0 { info.duration = Double(us) * Double(frames) / 1e6 }
                if let w = a.u32le(32), let h = a.u32le(36), w > 0, h > 0 { info.width = w; info.height = h }
            }
            if chunk.id == "LIST", hdrl.fourCC(chunk.offset) == "strl", info.codec == nil,
               let strl = hdrl.sub(chunk.offset + 4, chunk.size - 4) {
                var video = false
                for c in chunks(strl, from: 0) {
                    if c.id == "strh", strl.fourCC(c.offset) == "vids" { video = true }
                    if c.id == "strf", video, let compression = strl.fourCC(c.offset + 16) {
                        info.codec = compression.trimmingTrailingSpaces
                    }
                }
            }
        }
        return info
    }

    /// A RIFF chunk: its id, where its data starts, its data size.
    struct Chunk { let id: String; let offset: Int; let size: Int }

    /// The chunks inside `r` from `start` (sizes clipped to what is there).
    static func chunks(_ r: ByteReader, from start: Int) -> [Chunk] {
        var result: [Chunk] = []
        var o = start
        while let id = r.fourCC(o), let size = r.u32le(o + 4), result.count < 10_000 {
            let available = max(0, r.count - (o + 8))
            result.append(Chunk(id: id, offset: o + 8, size: min(size, available)))
            o += 8 + size + (size & 1)
        }
        return result
    }

    /// The content (after the list type) of the first LIST of `type` among the chunks from `start`.
    static func list(_ r: ByteReader, from start: Int, type: String) -> ByteReader? {
        for c in chunks(r, from: start) where c.id == "LIST" && r.fourCC(c.offset) == type {
            return r.sub(c.offset + 4, c.size - 4)
        }
        return nil
    }
}

extension String {
    /// The text without trailing spaces (FourCCs are space padded).
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
