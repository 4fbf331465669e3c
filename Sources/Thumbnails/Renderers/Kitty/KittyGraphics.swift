import MediaDecoding
import Platform

/// The kitty graphics protocol's commands as bytes: pure functions, written by whoever owns the
/// terminal (the backend places, `thumb` prints). Every command that names an image is quiet
/// (`q=2`): the terminal's answers would arrive as keyboard input in the middle of the picker.
///
/// Lifecycle: transmit once under an id (`transmission`), show it with a direct or a virtual
/// placement, take placements away with `deletion(freeingData: false)` while the image may come
/// back, and free it with `deletion(freeingData: true)` when it is evicted or the program ends.
public enum KittyGraphics {
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

    /// `transmission` under `imageID`: `i=<id>,` put first among the first command's keys.
    public static func naming(_ transmission: [UInt8], imageID: UInt32) -> [UInt8] {
        precondition(transmission.starts(with: KittyCommand.start), "not a kitty graphics command")
        return KittyCommand.start + Array("i=\(imageID),".utf8) + transmission.dropFirst(KittyCommand.start.count)
    }

    /// `image` transmitted under `imageID` (`naming(transmission(of:), imageID:)`).
    public static func transmission(of image: PixelImage, imageID: UInt32, compressionLevel: Int = 6) -> [UInt8] {
        naming(transmission(of: image, compressionLevel: compressionLevel), imageID: imageID)
    }

    /// A placement of image `imageID` at the cursor (`a=p`), over `columns` x `rows` cells (a nil
    /// one is left out: the terminal computes it from the image's aspect ratio; both nil shows the
    /// image at its own pixel size). `C=1`: the cursor stays where it is — unless `movesCursor`
    /// (`C=0`, for output that goes on below the picture, as `thumb`'s): then the terminal puts
    /// the cursor after the picture on its last row, scrolling as needed. Placing again with the
    /// same `placementID` moves the placement instead of adding one.
    public static func placement(imageID: UInt32, placementID: UInt32? = nil, columns: Int? = nil, rows: Int? = nil,
                                 movesCursor: Bool = false) -> [UInt8] {
        var keys: [(key: Character, value: String)] = [("a", "p"), ("i", String(imageID))]
        if let placementID { keys.append(("p", String(placementID))) }
        if let columns { keys.append(("c", String(columns))) }
        if let rows { keys.append(("r", String(rows))) }
        keys += [("C", movesCursor ? "0" : "1"), ("q", "2")]
        return KittyCommand(keys: keys).bytes
    }

    /// A virtual placement (`a=p,U=1`) of image `imageID` over `columns` x `rows` cells: nothing is
    /// drawn until the text shows `KittyPlaceholderCells` of that id, and then the image is fitted
    /// into them, aspect ratio kept.
    public static func virtualPlacement(imageID: UInt32, columns: Int, rows: Int) -> [UInt8] {
        KittyCommand(keys: [("a", "p"), ("U", "1"), ("i", String(imageID)), ("c", String(columns)), ("r", String(rows)),
                            ("q", "2")]).bytes
    }

    /// Deletes the placements of image `imageID` (only `placementID`'s when given): `d=i` keeps the
    /// image data, so placing it again costs no transmission; `freeingData` (`d=I`) frees the data
    /// too, once nothing else shows it — what eviction and the program's exit send, so that no
    /// image stays in the terminal's memory.
    public static func deletion(imageID: UInt32, placementID: UInt32? = nil, freeingData: Bool) -> [UInt8] {
        var keys: [(key: Character, value: String)] = [("a", "d"), ("d", freeingData ? "I" : "i"), ("i", String(imageID))]
        if let placementID { keys.append(("p", String(placementID))) }
        keys.append(("q", "2"))
        return KittyCommand(keys: keys).bytes
    }

    /// The support query (`a=q`): a 1x1 RGB image the terminal loads and forgets, answering
    /// `ESC _G i=<imageID>;OK ESC \` when it speaks the protocol. Send it before the device
    /// attributes query (`ESC [ c`), which every terminal answers: an answer to that without one to
    /// this means no support, without waiting for a timeout.
    public static func query(imageID: UInt32 = 31) -> [UInt8] {
        KittyCommand(keys: [("i", String(imageID)), ("s", "1"), ("v", "1"), ("a", "q"), ("t", "d"), ("f", "24")],
                     payload: ArraySlice("AAAA".utf8)).bytes
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
