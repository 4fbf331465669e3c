#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CIEDE2000 colour difference between two CIELAB colours (L* in 0...100).
///
/// Sharma, Wu and Dalal's formulation, rearranged to need no inverse trigonometry: the hue
/// difference comes from the chroma vectors' dot and cross products, and the mean hue's
/// cosines from their bisector by multiple-angle identities. Only the blue-region rotation
/// term needs the mean hue as an angle, and only for hues where that term is not negligible.
public enum CIEDE2000 {
    private static let pow25to7: Float = 6.103515625e9  // 25^7, rounded to the nearest Float
    private static let degrees = Float.pi / 180
    private static let (cos30, sin30) = (cosf(30 * degrees), sinf(30 * degrees))
    private static let (cos6, sin6) = (cosf(6 * degrees), sinf(6 * degrees))
    private static let (cos63, sin63) = (cosf(63 * degrees), sinf(63 * degrees))

    /// ΔE00 between `p` and `q`, each (L*, a*, b*).
    public static func difference(_ p: SIMD3<Float>, _ q: SIMD3<Float>) -> Float {
        let c1 = (p.y * p.y + p.z * p.z).squareRoot(), c2 = (q.y * q.y + q.z * q.z).squareRoot()
        let g = 0.5 * (1 - chromaWeight((c1 + c2) / 2))
        let a1 = (1 + g) * p.y, a2 = (1 + g) * q.y, b1 = p.z, b2 = q.z
        let c1p = (a1 * a1 + b1 * b1).squareRoot(), c2p = (a2 * a2 + b2 * b2).squareRoot()
        let dL = q.x - p.x, dC = c2p - c1p
        let product = c1p * c2p

        // ΔH' = 2√(C1'C2') sin(Δh'/2): its square is Δa'² + Δb² − ΔC'², its sign the sign
        // of the turn from the first hue to the second.
        var dH: Float = 0
        // The mean hue's direction: the bisector of the two hue vectors (of the one with
        // chroma when the other has none; 0° when neither has).
        var (ux, uy): (Float, Float) = (1, 0)
        if product > 0 {
            let da = a2 - a1, db = b2 - b1
            dH = max(0, da * da + db * db - dC * dC).squareRoot()
            if a1 * b2 - b1 * a2 < 0 { dH = -dH }
            ux = a1 / c1p + a2 / c2p
            uy = b1 / c1p + b2 / c2p
            if ux * ux + uy * uy < 1e-12 { (ux, uy) = (-b1 / c1p, a1 / c1p) }  // opposite hues
        } else if c1p > 0 {
            (ux, uy) = (a1, b1)
        } else if c2p > 0 {
            (ux, uy) = (a2, b2)
        }
        let length = (ux * ux + uy * uy).squareRoot()
        let c = ux / length, s = uy / length

        let c2h = c * c - s * s, s2h = 2 * c * s
        let c3h = c * c2h - s * s2h, s3h = s * c2h + c * s2h
        let c4h = c2h * c2h - s2h * s2h, s4h = 2 * c2h * s2h
        let t = 1 - 0.17 * (c * cos30 + s * sin30) + 0.24 * c2h
            + 0.32 * (c3h * cos6 - s3h * sin6) - 0.20 * (c4h * cos63 + s4h * sin63)

        let meanL = (p.x + q.x) / 2 - 50
        let sl = 1 + 0.015 * meanL * meanL / (20 + meanL * meanL).squareRoot()
        let meanC = (c1p + c2p) / 2
        let sc = 1 + 0.045 * meanC, sh = 1 + 0.015 * meanC * t
        // The rotation term matters only near blue (mean hue about 275°); elsewhere it is
        // below 1e-5 and skipped.
        var rt: Float = 0
        if s < 0 {
            var hue = atan2f(s, c) / degrees
            if hue < 0 { hue += 360 }
            let x = (hue - 275) / 25
            let dTheta = 30 * expf(-x * x)
            rt = -sinf(2 * dTheta * degrees) * 2 * chromaWeight(meanC)
        }
        let l = dL / sl, cc = dC / sc, h = dH / sh
        return max(0, l * l + cc * cc + h * h + rt * cc * h).squareRoot()
    }

    /// √(C⁷ / (C⁷ + 25⁷)).
    @inline(__always)
    private static func chromaWeight(_ c: Float) -> Float {
        let c2 = c * c, c7 = c2 * c2 * c2 * c
        return (c7 / (c7 + pow25to7)).squareRoot()
    }
}
