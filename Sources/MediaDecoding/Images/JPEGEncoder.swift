import CCodecs

/// Encodes images as JPEG (for `--export`).
public enum JPEGEncoder {
    /// JPEG bytes of `image` at `quality` 0–1 (0.8 is the export default); transparent
    /// pixels are composed over white, since JPEG has no alpha.
    public static func encode(_ image: PixelImage, quality: Double = 0.8) throws(DecodeError) -> [UInt8] {
        if image.width > JPEGCopy.maxSide || image.height > JPEGCopy.maxSide {
            throw .tooLargeForJPEG(width: image.width, height: image.height)
        }
        let q = libjpegQuality(quality)
        return try Encoded.collect("JPEG") { out, length, msg, msglen in
            image.pixels.withUnsafeBufferPointer {
                cc_jpeg_encode($0.baseAddress, Int32(image.width), Int32(image.height), q, out, length, msg, msglen)
            }
        }
    }

    /// `quality` 0–1 on libjpeg's scale, 1–100.
    static func libjpegQuality(_ quality: Double) -> Int32 {
        max(Int32((min(max(quality, 0), 1) * 100).rounded()), 1)
    }
}

/// Encodes images as PNG with text chunks (for the freedesktop thumbnail cache).
public enum PNGEncoder {
    /// PNG bytes of `image` (RGB when opaque, else RGBA) carrying `textChunks` as
    /// (keyword, text) pairs, e.g. `("Thumb::URI", uri)`, in the order given.
    public static func encode(_ image: PixelImage, textChunks: [(String, String)] = []) throws(DecodeError) -> [UInt8] {
        var keys = textChunks.map { cString($0.0) }
        var values = textChunks.map { cString($0.1) }
        return try Encoded.collect("PNG") { out, length, msg, msglen in
            withPointers(&keys) { keyPointers in
                withPointers(&values) { valuePointers in
                    image.pixels.withUnsafeBufferPointer {
                        cc_png_encode($0.baseAddress, Int32(image.width), Int32(image.height), keyPointers, valuePointers,
                                      Int32(textChunks.count), out, length, msg, msglen)
                    }
                }
            }
        }
    }

    /// A NUL-terminated copy (NUL bytes inside the text would end it early: dropped).
    private static func cString(_ text: String) -> [CChar] {
        text.utf8.filter { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
    }

    private static func withPointers<R>(_ strings: inout [[CChar]],
                                        _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        var pointers: [UnsafePointer<CChar>?] = []
        func nest(_ i: Int) -> R {
            if i == strings.count { return pointers.withUnsafeBufferPointer { body($0.baseAddress) } }
            return strings[i].withUnsafeBufferPointer { p in
                pointers.append(p.baseAddress)
                return nest(i + 1)
            }
        }
        return nest(0)
    }
}

/// Runs a C encoder and takes its malloc'd output.
package enum Encoded {
    package static func collect(_ name: String, _ call: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                                                 UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>, Int) -> cc_status)
        throws(DecodeError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { call(&out, &length, $0.baseAddress!, $0.count) }
        defer { cc_free(out) }
        guard status == CC_OK, let out else {
            throw CodecBridge.error(status == CC_OK ? CC_CORRUPT : status, "\(name) encoder", message: message)
        }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}
