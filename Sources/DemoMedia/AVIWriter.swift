import Glibc
import MediaDecoding
import Platform

/// Writes Motion-JPEG AVI files (used by the demo's sample library and by tests).
public enum AVIWriter {
    /// The bytes of an MJPEG AVI holding `frames` (all the size of the first) at `fps`
    /// frames per second, each frame a JPEG at `quality` 0–1.
    public static func mjpegData(frames: [PixelImage], fps: Double, quality: Double = 0.8) throws(DecodeError) -> [UInt8] {
        guard let first = frames.first, first.width > 0, first.height > 0 else {
            throw .unsupported(detail: "an AVI needs at least one non-empty frame")
        }
        guard frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw .unsupported(detail: "AVI frames must all be \(first.width)x\(first.height)")
        }
        guard fps > 0, fps.isFinite else { throw .unsupported(detail: "frame rate \(fps)") }
        var jpegs: [[UInt8]] = []
        for frame in frames { jpegs.append(try JPEGEncoder.encode(frame, quality: quality)) }
        let largest = jpegs.map(\.count).max() ?? 0
        let rate = Int((fps * 1000).rounded())
        let w = first.width, h = first.height

        var avih = RIFFBuilder()
        avih.u32(Int((1_000_000 / fps).rounded())); avih.u32(largest * Int(fps.rounded(.up))); avih.u32(0)
        avih.u32(0x10)  // AVIF_HASINDEX
        avih.u32(frames.count); avih.u32(0); avih.u32(1); avih.u32(largest); avih.u32(w); avih.u32(h)
        for _ in 0..<4 { avih.u32(0) }

        var strh = RIFFBuilder()
        strh.fourCC("vids"); strh.fourCC("MJPG"); strh.u32(0); strh.u16(0); strh.u16(0); strh.u32(0)
        strh.u32(1000); strh.u32(rate); strh.u32(0); strh.u32(frames.count); strh.u32(largest)
        strh.u32(0xFFFF_FFFF); strh.u32(0); strh.u16(0); strh.u16(0); strh.u16(w); strh.u16(h)

        var strf = RIFFBuilder()
        strf.u32(40); strf.u32(w); strf.u32(h); strf.u16(1); strf.u16(24); strf.fourCC("MJPG")
        strf.u32(w * h * 3); for _ in 0..<4 { strf.u32(0) }

        var strl = RIFFBuilder()
        strl.chunk("strh", strh.bytes); strl.chunk("strf", strf.bytes)
        var hdrl = RIFFBuilder()
        hdrl.chunk("avih", avih.bytes); hdrl.list("strl", strl.bytes)

        var movi = RIFFBuilder()
        var index = RIFFBuilder()
        for jpeg in jpegs {
            index.fourCC("00dc"); index.u32(0x10); index.u32(movi.bytes.count + 4); index.u32(jpeg.count)
            movi.chunk("00dc", jpeg)
        }
        var body = RIFFBuilder()
        body.fourCC("AVI ")
        body.list("hdrl", hdrl.bytes)
        body.list("movi", movi.bytes)
        body.chunk("idx1", index.bytes)
        var riff = RIFFBuilder()
        riff.chunk("RIFF", body.bytes)
        return riff.bytes
    }

    /// Writes an MJPEG AVI of `frames` at `fps` to `path` (replacing it).
    public static func writeMJPEG(frames: [PixelImage], fps: Double, to path: RawPath, quality: Double = 0.8) throws(DecodeError) {
        let bytes = try mjpegData(frames: frames, fps: fps, quality: quality)
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        if fd < 0 { throw DecodeError(.last(path: path)) }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DecodeError(.last(path: path))
            }
            done += n
        }
    }
}
