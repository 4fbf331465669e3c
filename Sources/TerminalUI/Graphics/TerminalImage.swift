/// A picture a terminal draws with a graphics protocol, over the cells of a frame: what a
/// view places into a `ScreenBuffer` where it would otherwise draw cell art.
///
/// The cells it covers stay blank in the buffer; the backend writes `payload` once the
/// frame's text is drawn, and takes the picture away again when a later frame no longer has
/// it there.
public struct TerminalImage: Hashable, Sendable {
    /// The protocol `payload` speaks.
    public enum Encoding: String, Hashable, Sendable, CaseIterable {
        /// The kitty graphics protocol: `payload` transmits the image without naming it; the
        /// backend gives it an id, transmits it once and places it (again) by that id.
        case kitty
        /// DEC sixel: `payload` draws at the cursor.
        case sixel
        /// iTerm2 inline images (OSC 1337): `payload` draws at the cursor.
        case iterm2
    }

    /// Which protocol `payload` speaks.
    public var encoding: Encoding
    /// The cells the picture covers, from its top-left cell.
    public var size: Size
    /// The escape sequence(s) that draw (for kitty: transmit) the picture.
    public var payload: [UInt8]
    /// Equal identities mean the same picture, so a backend need not send it again (for
    /// thumbnails: a hash of the payload, taken when the picture is made). Compared instead of `payload`,
    /// which is large.
    public var identity: Int

    /// A picture of `size` cells drawn by `payload`.
    public init(encoding: Encoding, size: Size, payload: [UInt8], identity: Int) {
        self.encoding = encoding
        self.size = size
        self.payload = payload
        self.identity = identity
    }

    /// Same picture: same identity, protocol and size (the payload is not compared).
    public static func == (lhs: TerminalImage, rhs: TerminalImage) -> Bool {
        lhs.identity == rhs.identity && lhs.encoding == rhs.encoding && lhs.size == rhs.size
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
        hasher.combine(encoding)
        hasher.combine(size)
    }
}

/// A picture at a place on the screen.
public struct PlacedImage: Hashable, Sendable {
    /// Its top-left cell.
    public var origin: Point
    /// The picture.
    public var image: TerminalImage

    /// `image` with its top-left cell at `origin`.
    public init(origin: Point, image: TerminalImage) {
        self.origin = origin
        self.image = image
    }

    /// The cells it covers.
    public var frame: Rect { Rect(x: origin.x, y: origin.y, width: image.size.width, height: image.size.height) }
}
