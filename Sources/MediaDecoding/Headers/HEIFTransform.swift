/// A HEIF item's transformative property, applied to the decoded picture in the order the
/// item lists them (ISO/IEC 23008-12 6.5.10–6.5.12).
enum HEIFTransform: Equatable {
    /// `clap`: a crop.
    case crop
    /// `irot`: quarter turns anticlockwise (0–3).
    case rotation(quarterTurns: Int)
    /// `imir`: 0 flips top and bottom, 1 left and right, as libheif 1.15 and iPhones read it
    /// (the standard's amendment 2 "mode"; its first text's "vertical axis" for 0 was read the
    /// other way by some, libavif before 0.9.2 among them).
    case mirror(axis: Int)

    /// The transform a property of `type` with `content` is, or nil for any other property.
    init?(type: String, content: ByteReader) {
        switch type {
        case "clap": self = .crop
        case "irot": guard let angle = content.u8(0) else { return nil }; self = .rotation(quarterTurns: angle & 3)
        case "imir": guard let axis = content.u8(0) else { return nil }; self = .mirror(axis: axis & 1)
        default: return nil
        }
    }

    /// The EXIF orientation (1–8) that turns the picture as this transform does.
    var orientation: Int {
        switch self {
        case .crop: return 1
        case .rotation(let turns): return [1, 8, 3, 6][turns & 3]
        case .mirror(let axis): return axis == 0 ? 4 : 2
        }
    }

    /// The one EXIF orientation that turns the coded picture as `transforms` do in turn, when
    /// they mirror it and crop nothing; nil otherwise. libheif 1.15 refuses to mirror a picture
    /// of more than 8 bits a sample ("Can currently only mirror images with 8 bits per pixel",
    /// so a 10-bit HEIC flipped in an editor or taken with a mirroring front camera was not
    /// shown at all); such pictures are decoded untransformed and turned here instead. Rotation
    /// alone is libheif's to apply, as before; a crop as well would need its rounding here.
    static func mirroredOrientation(_ transforms: [HEIFTransform]) -> Int? {
        guard transforms.contains(where: { if case .mirror = $0 { true } else { false } }),
              !transforms.contains(.crop) else { return nil }
        return transforms.reduce(1) { composed, next in then(composed, next.orientation) }
    }

    /// The orientation that turns a picture as `first` and then `second` do. Found by turning a
    /// 3x2 picture of six different pixels, so it agrees with `applyingOrientation` by construction.
    static func then(_ first: Int, _ second: Int) -> Int {
        let probe = PixelImage(width: 3, height: 2) { x, y in (UInt8(x + 3 * y), 0, 0, 255) }
        let turned = probe.applyingOrientation(first).applyingOrientation(second)
        return (1...8).first { probe.applyingOrientation($0) == turned } ?? 1
    }
}
