/// The form of a name the search compares: A–Z lowered to a–z, Latin letters with accents
/// (U+00C0–U+017F) as their base letter, and combining accents (U+0300–U+036F) left out, so
/// `cafe` finds `café.jpg` whether the é is one code point (NFC, as most names are typed) or
/// an e and an accent (NFD), as fzf's search does. Other bytes, invalid UTF-8 among them, are
/// kept as they are; a `/` stays a `/`, so a folded path keeps its components.
enum SearchFolding {
    /// `bytes` folded. ASCII-only input only has its case folded.
    static func fold<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        fold(bytes, into: &out)
        return out
    }

    /// Appends `bytes` folded to `out` (a catalog folds every name into one array).
    static func fold<Bytes: Collection<UInt8>>(_ bytes: Bytes, into out: inout [UInt8]) {
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let lead = bytes[i]
            let next = bytes.index(after: i)
            guard lead >= 0xC3, lead <= 0xCD, next != bytes.endIndex, bytes[next] & 0xC0 == 0x80 else {
                out.append(FuzzyMatch.foldASCII(lead))
                i = next
                continue
            }
            let scalar = Int(lead & 0x1F) << 6 | Int(bytes[next] & 0x3F)
            if (0x300...0x36F).contains(scalar) {
                // A combining accent: the letter before it stands alone.
            } else if (0xC0...0x17F).contains(scalar), latinBase[scalar - 0xC0] != UInt8(ascii: "-") {
                out.append(FuzzyMatch.foldASCII(latinBase[scalar - 0xC0]))
            } else {
                out.append(lead)
                out.append(bytes[next])
            }
            i = bytes.index(after: next)
        }
    }

    /// The base letter of each code point U+00C0–U+017F (NFD's first code point, and the
    /// letters with a stroke fzf folds: Ø, Đ, Ł, Ħ, Ŧ, ı); `-` where there is none (Æ, ß, Œ,
    /// ×, ÷…), which is then kept as it is.
    private static let latinBase: [UInt8] = Array((
        "AAAAAA-CEEEEIIIIDNOOOOO-OUUUUY--" + "aaaaaa-ceeeeiiiidnooooo-ouuuuy-y" +
        "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGg" + "GgGgHhHhIiIiIiIiIi--JjKk-LlLlLlL" +
        "lLlNnNnNn---OoOoOo--RrRrRrSsSsSs" + "SsTtTtTtUuUuUuUuUuUuWwYyYZzZzZz-").utf8)
}
