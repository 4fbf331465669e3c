import CCodecs

/// Calls the whole-image C decoders of CCodecs and turns their status into `DecodeError`.
enum CodecBridge {
    /// The shape every `cc_*_decode` function shares.
    typealias Decoder = (UnsafePointer<UInt8>?, Int, Int32, Int32, Int,
                         UnsafeMutablePointer<cc_image>?, UnsafeMutablePointer<CChar>?, Int) -> cc_status

    /// Runs `decoder` over `data` for `options`; `name` labels messages.
    static func decode(_ decoder: Decoder, _ name: String, data: ArraySlice<UInt8>,
                       options: DecodeOptions) throws(DecodeError) -> PixelImage {
        try run(name, options: options) { width, height, limit, image, msg, msgLength in
            data.withUnsafeBufferPointer { bytes in
                decoder(bytes.baseAddress, bytes.count, width, height, limit, image, msg, msgLength)
            }
        }
    }

    /// The shape of the `cc_*_decode_file` functions: a file descriptor and the bytes of the
    /// file the caller has already read, then as `Decoder`.
    typealias FileDecoder = (Int32, UnsafePointer<UInt8>?, Int, Int32, Int32, Int,
                             UnsafeMutablePointer<cc_image>?, UnsafeMutablePointer<CChar>?, Int) -> cc_status

    /// Runs `decoder` over the file open in `file`, whose first bytes `head` the caller has
    /// read; the decoder reads the rest in small pieces (never holding the whole file).
    static func decode(_ decoder: FileDecoder, _ name: String, file: SourceFile, head: [UInt8],
                       options: DecodeOptions) throws(DecodeError) -> PixelImage {
        try run(name, options: options) { width, height, limit, image, msg, msgLength in
            head.withUnsafeBufferPointer { bytes in
                decoder(file.fd, bytes.baseAddress, bytes.count, width, height, limit, image, msg, msgLength)
            }
        }
    }

    /// Calls a C decoder with the target size, pixel limit, an image and a message buffer,
    /// and turns what it returns into a `PixelImage` or a `DecodeError`.
    private static func run(
        _ name: String, options: DecodeOptions,
        _ call: (Int32, Int32, Int, UnsafeMutablePointer<cc_image>, UnsafeMutablePointer<CChar>, Int) -> cc_status
    ) throws(DecodeError) -> PixelImage {
        var image = cc_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { msg in
            call(Int32(clamping: options.targetWidth ?? 0), Int32(clamping: options.targetHeight ?? 0),
                 options.pixelLimit, &image, msg.baseAddress!, msg.count)
        }
        if status == CC_OK { return take(&image) }
        // A file cut short may come with the picture drawn before its end (cc_decoders.h).
        if status == CC_TRUNCATED, image.pixels != nil, case .truncated(let detail, _) = error(status, name, message: message) {
            throw .truncated(detail: detail, partial: take(&image))
        }
        cc_image_free(&image)
        throw error(status, name, message: message, width: Int(image.width), height: Int(image.height), limit: options.pixelLimit)
    }

    /// The DecodeError for a C status whose message the C side wrote into `message` (NUL-ended).
    static func error(_ status: cc_status, _ name: String, message: [CChar],
                      width: Int = 0, height: Int = 0, limit: Int = 0) -> DecodeError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return error(status, name, text, width: width, height: height, limit: limit)
    }

    /// The DecodeError for a C status.
    static func error(_ status: cc_status, _ name: String, _ text: String,
                      width: Int = 0, height: Int = 0, limit: Int = 0) -> DecodeError {
        // libheif ends some messages with a newline, which the one-line error then showed as
        // a literal `\n` at its end ("… (points to file position 356)\n").
        var text = Substring(text)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        let detail = text.isEmpty ? name : "\(name): \(text)"
        switch status {
        case CC_UNSUPPORTED: return .unsupported(detail: detail)
        case CC_NO_LIBRARY: return .libraryMissing(detail: detail)
        case CC_TRUNCATED: return .truncated(detail: detail)
        case CC_TOO_LARGE: return .tooLarge(width: width, height: height, limit: limit)
        case CC_NO_MEMORY: return .corrupt(detail: "\(name): out of memory")
        default: return .corrupt(detail: detail)
        }
    }

    /// Moves a C image's pixels into a `PixelImage` and frees them.
    static func take(_ image: inout cc_image) -> PixelImage {
        defer { cc_image_free(&image) }
        let count = Int(image.width) * Int(image.height) * 4
        guard let p = image.pixels, count > 0 else { return PixelImage(width: 0, height: 0, pixels: []) }
        return PixelImage(width: Int(image.width), height: Int(image.height),
                          pixels: Array(UnsafeBufferPointer(start: p, count: count)))
    }
}
