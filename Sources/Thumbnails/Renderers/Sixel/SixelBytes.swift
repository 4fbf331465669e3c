/// The growing byte string of a sixel image, with the few writes its syntax needs.
struct SixelBytes {
    /// The bytes so far.
    var bytes: [UInt8] = []

    /// An empty string with room for `capacity` bytes.
    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Appends the ASCII bytes of `text`.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` (not negative) in decimal.
    @inline(__always)
    mutating func append(decimal value: Int) {
        if value >= 10 { append(decimal: value / 10) }
        bytes.append(UInt8(48 + value % 10))
    }

    /// Appends `count` copies of the sixel `character`, as a repeat (`!count`) when shorter.
    @inline(__always)
    mutating func append(run character: UInt8, count: Int) {
        if count > 3 {
            bytes.append(UInt8(ascii: "!"))
            append(decimal: count)
            bytes.append(character)
        } else {
            for _ in 0..<count { bytes.append(character) }
        }
    }
}
