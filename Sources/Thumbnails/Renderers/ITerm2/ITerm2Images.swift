import Platform

/// iTerm2's inline images protocol (OSC 1337 `File=`), also read by WezTerm, VS Code's terminal
/// and Tabby: an image file (PNG here), base64-encoded, drawn at the cursor.
public enum ITerm2Images {
    /// `ESC ] 1337 ; File=inline=1;size=<bytes>;width=<columns>;height=<rows>;preserveAspectRatio=1
    /// : <base64 of file> BEL`. Width and height without a unit count cells; a nil one is left out
    /// (the terminal derives it); the image is fitted into them, aspect ratio kept, or with
    /// `preservesAspectRatio` false (`preserveAspectRatio=0`) stretched over them.
    public static func inlineImage(_ file: [UInt8], columns: Int?, rows: Int?, preservesAspectRatio: Bool = true) -> [UInt8] {
        var arguments = "inline=1;size=\(file.count)"
        if let columns { arguments += ";width=\(columns)" }
        if let rows { arguments += ";height=\(rows)" }
        arguments += preservesAspectRatio ? ";preserveAspectRatio=1" : ";preserveAspectRatio=0"
        let data = Base64.encode(file)
        var out: [UInt8] = []
        out.reserveCapacity(data.count + arguments.utf8.count + 16)
        out += [0x1B, UInt8(ascii: "]")] + Array("1337;File=".utf8) + Array(arguments.utf8) + [UInt8(ascii: ":")]
        out += data
        out.append(0x07)
        return out
    }
}
