/// A picture encoded in a terminal graphics protocol (issue 12): the bytes a graphics renderer
/// made from a tile's pixels, to be written to the terminal with the cursor at the tile's
/// top-left cell once the text of the frame is drawn.
public struct GraphicsPicture: Hashable, Sendable {
    /// The terminal graphics protocols a renderer can encode for.
    public enum Encoding: String, Hashable, Sendable, CaseIterable {
        /// The kitty graphics protocol (APC `_G`): transmitted once under an image id, then placed.
        case kitty
        /// DEC sixel (DCS `q`): a palette and six-pixel bands, drawn where the cursor is.
        case sixel
        /// iTerm2 inline images (OSC 1337 `File=`), also read by WezTerm, VS Code and Tabby.
        case iterm2
    }

    /// Which protocol `payload` speaks.
    public var encoding: Encoding
    /// The cells the picture covers.
    public var cells: TileSize
    /// The size of the encoded image in pixels.
    public var pixels: PixelSize
    /// The escape sequence(s) that draw it (for kitty: the transmission, named at placement by
    /// `KittyRenderer.transmission(of:imageID:)` unless `imageID` is set).
    public let payload: [UInt8]
    /// The kitty image id the payload transmits under; nil for the other protocols, and for
    /// KittyRenderer's pictures, whose id is chosen when they are first placed.
    public var imageID: UInt32?
    /// Tells pictures apart cheaply (their payloads are large): a hash of the payload, taken
    /// once where the picture is made (off the main actor), so the screen re-sends a picture
    /// only when it really changed, whoever made it. Settable for measuring tools that tag
    /// pictures.
    public var identity: Int

    /// A picture of `pixels` covering `cells`, drawn by `payload`.
    public init(encoding: Encoding, cells: TileSize, pixels: PixelSize, payload: [UInt8], imageID: UInt32? = nil) {
        self.encoding = encoding
        self.cells = cells
        self.pixels = pixels
        self.payload = payload
        self.imageID = imageID
        var hasher = Hasher()
        hasher.combine(encoding)
        hasher.combine(cells)
        hasher.combine(payload)
        identity = hasher.finalize()
    }
}
