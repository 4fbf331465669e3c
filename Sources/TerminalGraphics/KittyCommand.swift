/// One kitty graphics command: `ESC _G <key>=<value>,… [;<payload>] ESC \` (an APC string).
/// Keys are written in the order given; the protocol does not care, tests and logs do.
public struct KittyCommand {
    /// Control data: single-letter keys and their values.
    public var keys: [(key: Character, value: String)]
    /// The payload after the `;` (base64 text), or empty for none.
    public var payload: ArraySlice<UInt8>

    /// A command of `keys`, carrying `payload` (base64 text) when not empty.
    public init(keys: [(key: Character, value: String)], payload: ArraySlice<UInt8> = []) {
        self.keys = keys
        self.payload = payload
    }

    /// The bytes of the command, appended to `out`.
    public func write(to out: inout [UInt8]) {
        out.append(contentsOf: KittyCommand.start)
        for (index, key) in keys.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: String(key.key).utf8)
            out.append(UInt8(ascii: "="))
            out.append(contentsOf: key.value.utf8)
        }
        if !payload.isEmpty {
            out.append(UInt8(ascii: ";"))
            out.append(contentsOf: payload)
        }
        out.append(contentsOf: KittyCommand.end)
    }

    /// The bytes of the command.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    /// APC and the graphics command's `G`.
    public static let start: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
    /// String terminator (ESC \).
    public static let end: [UInt8] = [0x1B, UInt8(ascii: "\\")]
}
