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
