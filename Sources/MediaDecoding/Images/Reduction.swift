import CCodecs

/// The box reduction (of sRGB values) of CCodecs, fed by the decoders written in Swift.
enum Reduction {
    /// The size a `width`x`height` image is reduced to for `options` (covering the target).
    static func coverSize(width: Int, height: Int, options: DecodeOptions) -> (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        cc_cover_size(Int32(clamping: width), Int32(clamping: height),
                      Int32(clamping: options.targetWidth ?? 0), Int32(clamping: options.targetHeight ?? 0), &w, &h)
        return (Int(w), Int(h))
    }

    /// Calls `row(y, buffer)` for each source row top to bottom (the buffer holds `width` RGBA
    /// pixels) and returns the image reduced to the cover size of `options`.
    static func reduce(width: Int, height: Int, options: DecodeOptions,
                       row: (Int, inout [UInt8]) -> Void) throws(DecodeError) -> PixelImage {
        let size = coverSize(width: width, height: height, options: options)
        guard let reducer = cc_reducer_new(Int32(clamping: width), Int32(clamping: height),
                                            Int32(clamping: size.width), Int32(clamping: size.height)) else {
            throw .tooLarge(width: width, height: height, limit: options.pixelLimit)
        }
        defer { cc_reducer_free(reducer) }
        var buffer = [UInt8](repeating: 255, count: width * 4)
        for y in 0..<height {
            row(y, &buffer)
            buffer.withUnsafeBufferPointer { cc_reducer_push(reducer, $0.baseAddress) }
        }
        var image = cc_image()
        cc_reducer_finish(reducer, &image)
        return CodecBridge.take(&image)
    }
}

extension PixelImage {
    /// This image reduced to `width`x`height` with the decoders' box filter (sRGB values)
    /// (alpha-weighted). Each size is clamped to 1...the current size: it never enlarges.
    public func reduced(width: Int, height: Int) -> PixelImage {
        let w = min(max(width, 1), self.width), h = min(max(height, 1), self.height)
        guard self.width > 0, self.height > 0, w != self.width || h != self.height,
              let reducer = cc_reducer_new(Int32(self.width), Int32(self.height), Int32(w), Int32(h)) else { return self }
        defer { cc_reducer_free(reducer) }
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<self.height { cc_reducer_push(reducer, p.baseAddress! + y * self.width * 4) }
        }
        var image = cc_image()
        cc_reducer_finish(reducer, &image)
        return CodecBridge.take(&image)
    }
}
