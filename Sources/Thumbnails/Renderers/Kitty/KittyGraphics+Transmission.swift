import MediaDecoding
import Platform
import TerminalGraphics

extension KittyGraphics {
    /// The most base64 characters one command may carry; every chunk but the last is full, so a
    /// multiple of 4, as the protocol asks.
    public static let chunkSize = 4096

    /// The transmission of `image`, not yet named (no `i` key): `a=t`, RGB (`f=24`) when every
    /// pixel is opaque else RGBA (`f=32`), zlib-compressed (`o=z`) at `compressionLevel`, in
    /// commands of at most `chunkSize` base64 characters (`m=1` … `m=0`; the keys on the first
    /// only). Name it with `naming(_:imageID:)` before writing it: the expensive part (deflate
    /// and base64) is done off the main actor, the id is chosen when it is placed.
    public static func transmission(of image: PixelImage, compressionLevel: Int = 6) -> [UInt8] {
        let opaque = !image.hasTransparency
        let data = Base64.encode(Zlib.compress(opaque ? rgb(image) : image.pixels, level: compressionLevel))
        return chunked(data, firstKeys: [
            ("a", "t"), ("f", opaque ? "24" : "32"), ("s", String(image.width)), ("v", String(image.height)),
            ("o", "z"), ("q", "2"),
        ])
    }

    /// The transmission of a PNG file (`f=100`), not yet named, chunked like `transmission(of:)`:
    /// the terminal decodes it. PNG's row filters make photographs about 40% smaller than zlib
    /// on raw RGB (see the kitty stage of mediapick-bench), at about three times the encoding time.
    public static func transmission(ofPNG png: [UInt8]) -> [UInt8] {
        chunked(Base64.encode(png), firstKeys: [("a", "t"), ("f", "100"), ("q", "2")])
    }

    /// `data` (base64) in commands of at most `chunkSize` characters, `firstKeys` on the first;
    /// `m=1` on all but the last, `m=0` on the last, no `m` when one command holds it all.
    private static func chunked(_ data: [UInt8], firstKeys: [(key: Character, value: String)]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / chunkSize * 16 + 64)
        var start = 0
        repeat {
            let end = min(start + chunkSize, data.count)
            let single = start == 0 && end == data.count
            var keys = start == 0 ? firstKeys : []
            if !single { keys.append(("m", end < data.count ? "1" : "0")) }
            KittyCommand(keys: keys, payload: data[start..<end]).write(to: &out)
            start = end
        } while start < data.count
        return out
    }

    /// `image` transmitted under `imageID` (`naming(transmission(of:), imageID:)`).
    public static func transmission(of image: PixelImage, imageID: UInt32, compressionLevel: Int = 6) -> [UInt8] {
        naming(transmission(of: image, compressionLevel: compressionLevel), imageID: imageID)
    }

    /// The RGB bytes of `image` (alpha dropped).
    static func rgb(_ image: PixelImage) -> [UInt8] {
        let count = image.width * image.height
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
            image.pixels.withUnsafeBufferPointer { rgba in
                for i in 0..<count {
                    out[3 * i] = rgba[4 * i]
                    out[3 * i + 1] = rgba[4 * i + 1]
                    out[3 * i + 2] = rgba[4 * i + 2]
                }
            }
            initialized = count * 3
        }
    }
}
