import Platform
/// Reads the text chunks of a PNG (tEXt, and uncompressed iTXt), as the thumbnail cache
/// needs to check `Thumb::MTime` and `Thumb::URI` before trusting a cached thumbnail.
public enum PNGTextReader {
    /// The (keyword, text) pairs of `bytes`, in file order; empty when it is not a PNG.
    /// tEXt is Latin-1, iTXt UTF-8; compressed chunks are skipped.
    public static func textChunks(in bytes: [UInt8]) -> [(key: String, value: String)] {
        let r = ByteReader(bytes)
        guard FormatSniffer.sniff(r) == .png else { return [] }
        var result: [(key: String, value: String)] = []
        var o = 8
        while let length = r.u32be(o), let type = r.fourCC(o + 4), type != "IEND", let data = r.sub(o + 8, length) {
            let body = data.slice
            if type == "tEXt" || type == "iTXt", let nul = body.firstIndex(of: 0) {
                let key = latin1(body[body.startIndex..<nul])
                if type == "tEXt" {
                    result.append((key, latin1(body[(nul + 1)...])))
                } else if let value = iTXtValue(body[(nul + 1)...]) {
                    result.append((key, value))
                }
            }
            o += 12 + length
        }
        return result
    }

    /// The text chunks of the PNG file at `path`.
    public static func textChunks(path: RawPath) throws(DecodeError) -> [(key: String, value: String)] {
        textChunks(in: try SourceFile.readAll(path))
    }

    /// The text of the first chunk with keyword `key`, if any.
    public static func value(for key: String, in bytes: [UInt8]) -> String? {
        textChunks(in: bytes).first { $0.key == key }?.value
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// compression flag, method, language tag NUL, translated keyword NUL, text.
    private static func iTXtValue(_ rest: ArraySlice<UInt8>) -> String? {
        guard rest.count >= 2, rest[rest.startIndex] == 0 else { return nil }
        var s = rest.dropFirst(2)
        guard let lang = s.firstIndex(of: 0) else { return nil }
        s = s[(lang + 1)...]
        guard let translated = s.firstIndex(of: 0) else { return nil }
        return String(decoding: s[(translated + 1)...], as: UTF8.self)
    }
}
