/// Base64 (RFC 4648 section 4: the standard alphabet, `=` padding, no line breaks), as the
/// terminal graphics protocols carry binary data inside escape sequences.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The ASCII bytes of `bytes` in base64: 4 characters per 3 bytes, the last group padded.
    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        let count = encodedCount(bytes.count)
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            bytes.withUnsafeBufferPointer { input in
                alphabet.withUnsafeBufferPointer { table in
                    var i = 0, o = 0
                    // Whole groups first, without a bounds check per byte: tiles are ~100 kB each.
                    while i + 3 <= input.count {
                        let group = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                        out[o] = table[Int(group >> 18)]
                        out[o + 1] = table[Int(group >> 12 & 63)]
                        out[o + 2] = table[Int(group >> 6 & 63)]
                        out[o + 3] = table[Int(group & 63)]
                        i += 3
                        o += 4
                    }
                    let rest = input.count - i
                    if rest > 0 {
                        let group = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
                        out[o] = table[Int(group >> 18)]
                        out[o + 1] = table[Int(group >> 12 & 63)]
                        out[o + 2] = rest == 2 ? table[Int(group >> 6 & 63)] : UInt8(ascii: "=")
                        out[o + 3] = UInt8(ascii: "=")
                    }
                }
            }
            initialized = count
        }
    }

    /// The base64 text of `bytes`.
    public static func encodedString(_ bytes: [UInt8]) -> String { String(decoding: encode(bytes), as: UTF8.self) }

    /// How many characters `byteCount` bytes encode to.
    public static func encodedCount(_ byteCount: Int) -> Int { (byteCount + 2) / 3 * 4 }

    /// The bytes `text` encodes, or nil when it is not canonical padded base64 (a length that is
    /// not a multiple of 4, a character outside the alphabet, padding other than at the end).
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        let chars = Array(text)
        guard chars.count % 4 == 0 else { return nil }
        var values = [UInt8](repeating: 255, count: 256)
        for (value, char) in alphabet.enumerated() { values[Int(char)] = UInt8(value) }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var index = 0
        while index < chars.count {
            let last = index + 4 == chars.count
            let padding = last ? chars[index..<index + 4].reversed().prefix { $0 == UInt8(ascii: "=") }.count : 0
            guard padding <= 2 else { return nil }
            var group: UInt32 = 0
            for k in 0..<4 {
                let char = chars[index + k]
                let value: UInt8 = k >= 4 - padding ? 0 : values[Int(char)]
                guard value != 255 else { return nil }
                group = group << 6 | UInt32(value)
            }
            out.append(UInt8(group >> 16))
            if padding < 2 { out.append(UInt8(group >> 8 & 255)) }
            if padding < 1 { out.append(UInt8(group & 255)) }
            index += 4
        }
        return out
    }

    /// The bytes the base64 text `text` encodes, or nil.
    public static func decode(_ text: String) -> [UInt8]? { decode(Array(text.utf8)) }
}
