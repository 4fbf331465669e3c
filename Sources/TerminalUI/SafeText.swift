/// Makes untrusted text (file names above all) safe to put on a terminal.
public enum SafeText {
    /// `text` with control characters made visible: ESC as `\e`, newline `\n`, tab `\t`,
    /// carriage return `\r`, any other C0/C1 control or DEL as `?`. Nothing a terminal
    /// would interpret survives.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { out.append(scalar); continue }
            switch scalar.value {
            case 0x1B: out.append(contentsOf: "\\e".unicodeScalars)
            case 0x0A: out.append(contentsOf: "\\n".unicodeScalars)
            case 0x09: out.append(contentsOf: "\\t".unicodeScalars)
            case 0x0D: out.append(contentsOf: "\\r".unicodeScalars)
            default: out.append("?")
            }
        }
        return String(out)
    }

    /// True for C0 controls, DEL and C1 controls.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
