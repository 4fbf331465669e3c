#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour in Björn Ottosson's OKLab space, where Euclidean distance follows perceived difference.
public struct OKLab: Hashable, Sendable {
    /// Lightness, 0 (black) to 1 (white).
    public var l: Float
    /// Green–red axis.
    public var a: Float
    /// Blue–yellow axis.
    public var b: Float

    /// Creates a colour from its coordinates.
    public init(l: Float, a: Float, b: Float) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// Converts an sRGB colour.
    public init(_ rgb: RGB) {
        self.init(linearRed: SRGBTransfer.toLinear[Int(rgb.r)],
                  green: SRGBTransfer.toLinear[Int(rgb.g)],
                  blue: SRGBTransfer.toLinear[Int(rgb.b)])
    }

    /// Converts linear-light RGB (0...1 per channel).
    public init(linearRed r: Float, green g: Float, blue b: Float) {
        let l = cbrtf(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrtf(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrtf(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        self.l = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        self.a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// Squared Euclidean distance: enough for comparisons, and cheaper than the root.
    @inlinable
    public func distanceSquared(to other: OKLab) -> Float {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }
}

/// The sRGB transfer curve, tabulated for 8-bit values.
public enum SRGBTransfer {
    /// Linear-light value (0...1) of each 8-bit sRGB code.
    public static let toLinear: [Float] = (0..<256).map { code in
        let v = Float(code) / 255
        return v <= 0.04045 ? v / 12.92 : powf((v + 0.055) / 1.055, 2.4)
    }

    /// The 8-bit sRGB code of a linear-light value (clamped to 0...1).
    @inlinable
    public static func encode(_ linear: Float) -> UInt8 {
        let v = min(max(linear, 0), 1)
        let s = v <= 0.0031308 ? v * 12.92 : 1.055 * powf(v, 1 / 2.4) - 0.055
        return UInt8((s * 255).rounded())
    }
}
