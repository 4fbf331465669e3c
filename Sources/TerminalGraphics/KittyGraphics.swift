/// The kitty graphics protocol's commands as bytes: pure functions, written by whoever owns the
/// terminal (the backend places, `thumb` prints). The transmissions of pixels are Thumbnails'
/// (`KittyGraphics.transmission(of:)`, an extension there); naming, placing and deleting are here,
/// below both the renderers and the screen, so the backend can send them. Every command that names an image is quiet
/// (`q=2`): the terminal's answers would arrive as keyboard input in the middle of the picker.
///
/// Lifecycle: transmit once under an id (`transmission`), show it with a direct or a virtual
/// placement, take placements away with `deletion(freeingData: false)` while the image may come
/// back, and free it with `deletion(freeingData: true)` when it is evicted or the program ends.
public enum KittyGraphics {
    /// `transmission` under `imageID`: `i=<id>,` put first among the first command's keys.
    public static func naming(_ transmission: [UInt8], imageID: UInt32) -> [UInt8] {
        precondition(transmission.starts(with: KittyCommand.start), "not a kitty graphics command")
        return KittyCommand.start + Array("i=\(imageID),".utf8) + transmission.dropFirst(KittyCommand.start.count)
    }

    /// A placement of image `imageID` at the cursor (`a=p`), over `columns` x `rows` cells, the
    /// image stretched to them (a nil one is left out: kitty 0.35 and later compute it from the
    /// image's aspect ratio, earlier versions keep the image's own pixel size on that side; both
    /// nil shows the image at its own pixel size). `C=1`: the cursor stays where it is — unless `movesCursor`
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
}
