/// Matroska / WebM metadata: Segment Info duration, the first video track's size and codec,
/// and whether the tracks are audio alone.
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
        var video = false, audio = false
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
                    if type == 1 {
                        info.codec = codec; info.width = width; info.height = height
                        video = true
                    } else if type == 2 {
                        audio = true
                    }
                }
            }
            p = e.dataOffset + e.size
        }
        if let d = rawDuration, d.isFinite, d >= 0 { info.duration = d * scale / 1e9 }
        info.isAudioOnly = audio && !video
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
