import Platform

/// Escape sequences of the graphics renderers taken apart again, for the tests to compare.
enum GraphicsSequences {
    /// One kitty command: its keys in order and its payload.
    struct KittyCommand {
        var keys: [(String, String)]
        var payload: [UInt8]
        /// The value of `key`.
        subscript(key: String) -> String? { keys.first { $0.0 == key }?.1 }
        /// `k=v,…` as written.
        var keyText: String { keys.map { "\($0.0)=\($0.1)" }.joined(separator: ",") }
    }

    /// The kitty commands `bytes` consists of, or nil when anything else is in between.
    static func kittyCommands(_ bytes: [UInt8]) -> [KittyCommand]? {
        var commands: [KittyCommand] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i...].starts(with: [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]) else { return nil }
            var end = i + 3
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            guard end + 1 < bytes.count else { return nil }
            let body = bytes[(i + 3)..<end]
            let control = body.prefix { $0 != UInt8(ascii: ";") }
            let payload = body.count > control.count ? Array(body[(body.startIndex + control.count + 1)...]) : []
            let keys = String(decoding: control, as: UTF8.self).split(separator: ",").map { pair -> (String, String) in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
            commands.append(KittyCommand(keys: keys, payload: payload))
            i = end + 2
        }
        return commands
    }

    /// The arguments and the decoded file of an iTerm2 `OSC 1337 ; File=… : base64 BEL`, or nil.
    static func iTerm2File(_ bytes: [UInt8]) -> (arguments: [String: String], order: [String], file: [UInt8])? {
        let start = [0x1B, UInt8(ascii: "]")] + Array("1337;File=".utf8)
        guard bytes.starts(with: start), bytes.last == 0x07, let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let pairs = String(decoding: bytes[start.count..<colon], as: UTF8.self).split(separator: ";").map {
            $0.split(separator: "=", maxSplits: 1).map(String.init)
        }
        guard pairs.allSatisfy({ $0.count == 2 }), let file = Base64.decode(bytes[(colon + 1)..<(bytes.count - 1)]) else { return nil }
        return (Dictionary(uniqueKeysWithValues: pairs.map { ($0[0], $0[1]) }), pairs.map { $0[0] }, file)
    }
}
