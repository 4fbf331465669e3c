/// What the header of an image says, read without decoding pixels.
public struct ImageInfo: Hashable, Sendable {
    /// The format the content was recognised as.
    public var format: MediaFormat
    /// Stored width in pixels (before EXIF orientation is applied).
    public var width: Int
    /// Stored height in pixels (before EXIF orientation is applied).
    public var height: Int
    /// EXIF orientation, 1–8 (1 = upright, as stored).
    public var orientation: Int
    /// True when the image carries an alpha channel or transparency.
    public var hasAlpha: Bool
    /// True for an interlaced (Adam7) PNG, which cannot be read a band of rows at a time.
    public var isInterlaced: Bool
    /// For a JPEG in several scans (progressive, or `isNonInterleaved`), the bytes of
    /// coefficients a decoder keeps for the whole picture (0 otherwise): held to
    /// `4 * pixelLimit`, as the C decoders hold them.
    public var coefficientBytes: Int
    /// True for a sequential (baseline) JPEG whose colour components come in scans of their
    /// own (`cjpeg -scans`, `jpegtran -scans`): read in several scans as a progressive one is,
    /// its coefficients kept whole (`coefficientBytes`).
    public var isNonInterleaved: Bool

    /// Creates header information.
    public init(format: MediaFormat, width: Int, height: Int, orientation: Int = 1, hasAlpha: Bool = false,
                isInterlaced: Bool = false, coefficientBytes: Int = 0, isNonInterleaved: Bool = false) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.hasAlpha = hasAlpha
        self.isInterlaced = isInterlaced
        self.coefficientBytes = coefficientBytes
        self.isNonInterleaved = isNonInterleaved
    }

    /// Width and height as displayed, after the EXIF orientation (5–8 swap the axes).
    public var displaySize: (width: Int, height: Int) {
        orientation >= 5 && orientation <= 8 ? (height, width) : (width, height)
    }
}

/// How to decode: the size wanted, and the safety limit.
public struct DecodeOptions: Hashable, Sendable {
    /// The default pixel limit: 100 megapixels.
    public static let defaultPixelLimit = 100_000_000

    /// The smallest size the result should cover (the decoder may return more, up to about
    /// twice, and keeps the aspect ratio); nil decodes at full size.
    public var targetWidth: Int?
    /// See `targetWidth`.
    public var targetHeight: Int?
    /// Images that would decode to more pixels than this are refused from their header (0 or
    /// less: no limit). Formats decoded whole count every pixel; a JPEG counts those of the
    /// DCT scale it is read at (at most 1/8 a side smaller), and one in several scans
    /// (progressive, or a scan per component) also needs its coefficients (2 bytes a pixel per
    /// component) within `4 * pixelLimit` bytes.
    public var pixelLimit: Int
    /// Apply the EXIF orientation so the result is upright (the default).
    public var applyOrientation: Bool

    /// Creates options; with no target the image is decoded at full size.
    public init(targetWidth: Int? = nil, targetHeight: Int? = nil,
                pixelLimit: Int = DecodeOptions.defaultPixelLimit, applyOrientation: Bool = true) {
        self.targetWidth = targetWidth
        self.targetHeight = targetHeight
        self.pixelLimit = pixelLimit
        self.applyOrientation = applyOrientation
    }
}

extension DecodeOptions {
    /// These options for decoding the pixels as stored, before `orientation` turns them: the
    /// target is the picture as shown, so 5–8 (a quarter turn) swap its sides. Covering the
    /// shown target with the stored pixels left a 3000x4000 photo turned by 6 at 256x191, a
    /// pixel short of the 256x192 of the same photo stored upright, and one row short as cells.
    func forStoredPixels(orientation: Int) -> DecodeOptions {
        guard applyOrientation, (5...8).contains(orientation) else { return self }
        var stored = self
        (stored.targetWidth, stored.targetHeight) = (targetHeight, targetWidth)
        return stored
    }

    /// What `decode` gives for these options for the stored pixels (`forStoredPixels`), turned
    /// by `orientation` when `applyOrientation` asks: the one way the decoders that read an
    /// orientation turn a picture, the partial picture of a file cut short too.
    func decodingOriented(_ orientation: Int,
                          _ decode: (DecodeOptions) throws(DecodeError) -> PixelImage) throws(DecodeError) -> PixelImage {
        let turn = { (image: PixelImage) in self.applyOrientation ? image.applyingOrientation(orientation) : image }
        do throws(DecodeError) {
            return turn(try decode(forStoredPixels(orientation: orientation)))
        } catch {
            throw error.mappingPartial(turn)
        }
    }

    /// Throws `.tooLarge` when a `width`x`height` image is above the pixel limit (the same
    /// rule the C decoders apply).
    func checkLimit(width: Int, height: Int) throws(DecodeError) {
        if pixelLimit > 0 && width * height > pixelLimit {
            throw .tooLarge(width: width, height: height, limit: pixelLimit)
        }
    }
}
