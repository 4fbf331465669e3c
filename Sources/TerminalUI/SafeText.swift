/// Makes untrusted text (file names above all) safe to put on a terminal.
public enum SafeText {
    /// `text` with every control character escaped, one rule for all: the C escapes where C
    /// has one (`\a \b \t \n \v \f \r`, and `\e` for ESC), `\xHH` for any other C0 or C1
    /// control and DEL. Nothing a terminal would interpret survives, and no two controls read
    /// the same.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { out.append(scalar); continue }
            out.append(contentsOf: escape(scalar.value).unicodeScalars)
        }
        return String(out)
    }

    /// The escape of one control character (or of a byte that is not text): its C escape,
    /// else `\xHH`.
    public static func escape(_ value: UInt32) -> String {
        switch value {
        case 0x07: return "\\a"
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0B: return "\\v"
        case 0x0C: return "\\f"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        default:
            let hex = String(value, radix: 16)
            return "\\x" + (hex.count < 2 ? "0" + hex : hex)
        }
    }

    /// True for C0 controls, DEL and C1 controls.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
