import ColorModel

/// Reads a terminal's replies to `TerminalQueries` out of the bytes that came back: in any
/// order, among keys typed meanwhile, cut short or garbled. What it does not recognise is
/// skipped; a reply cut off at the end is left out (the caller reads on and parses again).
public enum TerminalReplyParser {
    private static let esc: UInt8 = 0x1B

    /// The replies found in `bytes`.
    public static func parse(_ bytes: [UInt8]) -> TerminalProbeReplies {
        var replies = TerminalProbeReplies()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == esc, index + 1 < bytes.count else { index += 1; continue }
            let introducer = bytes[index + 1]
            let next: Int?
            switch introducer {
            case UInt8(ascii: "["): next = control(bytes, from: index + 2, into: &replies)
            case UInt8(ascii: "P"), UInt8(ascii: "_"): next = string(bytes, from: index + 2, kind: introducer, into: &replies)
            case UInt8(ascii: "]"): next = operatingSystemCommand(bytes, from: index + 2, into: &replies)
            default: next = nil
            }
            index = next ?? index + 1
        }
        return replies
    }

    /// A CSI reply: DA1 (`? … c`) or XTWINOPS (`6;h;w t`, `4;h;w t`, `8;rows;cols t`).
    /// Returns where the next sequence may start, nil when this is not a whole CSI.
    private static func control(_ bytes: [UInt8], from start: Int, into replies: inout TerminalProbeReplies) -> Int? {
        var end = start
        // Parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
        while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count, (0x40...0x7E).contains(bytes[end]) else { return nil }
        let body = bytes[start..<end]
        switch bytes[end] {
        case UInt8(ascii: "c") where body.first == UInt8(ascii: "?"):
            if let numbers = numbers(body.dropFirst()), !numbers.isEmpty { replies.deviceAttributes = numbers }
        case UInt8(ascii: "t"):
            guard let numbers = numbers(body), numbers.count == 3, numbers[1] > 0, numbers[2] > 0 else { break }
            switch numbers[0] {
            case 6: replies.cellPixelSize = Size(width: numbers[2], height: numbers[1])
            case 4: replies.windowPixelSize = Size(width: numbers[2], height: numbers[1])
            case 8: replies.windowCellSize = Size(width: numbers[2], height: numbers[1])
            default: break
            }
        default:
            break
        }
        return end + 1
    }

    /// A DCS (`P`) or APC (`_`) reply, up to its string terminator `ESC \`.
    private static func string(_ bytes: [UInt8], from start: Int, kind: UInt8,
                               into replies: inout TerminalProbeReplies) -> Int? {
        var end = start
        while end + 1 < bytes.count, !(bytes[end] == esc && bytes[end + 1] == UInt8(ascii: "\\")) {
            // A new sequence before the terminator: this one was cut short.
            if bytes[end] == esc { return nil }
            end += 1
        }
        guard end + 1 < bytes.count else { return nil }
        let body = Array(bytes[start..<end])
        if kind == UInt8(ascii: "_") {
            kitty(body, into: &replies)
        } else {
            deviceControl(body, into: &replies)
        }
        return end + 2
    }

    /// An OSC reply, up to BEL or ST (a terminal ends it as the query was ended, or with BEL):
    /// OSC 11's `11;rgb:…`. Nil when it is cut short.
    private static func operatingSystemCommand(_ bytes: [UInt8], from start: Int,
                                               into replies: inout TerminalProbeReplies) -> Int? {
        var end = start
        while end < bytes.count, bytes[end] != 0x07 {
            if bytes[end] == esc {
                // ST ends it; any other sequence means this one was cut short.
                guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") else { return nil }
                break
            }
            end += 1
        }
        guard end < bytes.count else { return nil }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        if text.hasPrefix("11;"), let colour = xColor(text.dropFirst(3)) { replies.backgroundColor = colour }
        return end + (bytes[end] == 0x07 ? 1 : 2)
    }

    /// An X colour as terminals report it, `rgb:R/G/B` (or `rgba:R/G/B/A`, the alpha ignored),
    /// each channel 1 to 4 hex digits scaled to 8 bits as XParseColor does; nil otherwise.
    static func xColor(_ spec: Substring) -> RGB? {
        let body: Substring, count: Int
        if spec.hasPrefix("rgb:") { (body, count) = (spec.dropFirst(4), 3) } else if spec.hasPrefix("rgba:") {
            (body, count) = (spec.dropFirst(5), 4)
        } else { return nil }
        let fields = body.split(separator: "/", omittingEmptySubsequences: false)
        guard fields.count == count else { return nil }
        var channels: [UInt8] = []
        for field in fields.prefix(3) {
            guard (1...4).contains(field.count), let value = UInt32(field, radix: 16) else { return nil }
            let maximum = (UInt32(1) << (4 * UInt32(field.count))) - 1
            channels.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return RGB(channels[0], channels[1], channels[2])
    }

    /// `G i=31;OK` (or `;ENOENT:…`, `;EINVAL:…`).
    private static func kitty(_ body: [UInt8], into replies: inout TerminalProbeReplies) {
        guard body.first == UInt8(ascii: "G"), let semicolon = body.firstIndex(of: UInt8(ascii: ";")) else { return }
        let keys = String(decoding: body[1..<semicolon], as: UTF8.self).split(separator: ",")
        guard keys.contains("i=31") else { return }
        replies.kittyGraphics = body[(semicolon + 1)...].elementsEqual("OK".utf8)
    }

    /// XTVERSION (`>|text`), XTGETTCAP (`1+r name=value`, `0+r name`), DECRQSS (`1$r text`).
    private static func deviceControl(_ body: [UInt8], into replies: inout TerminalProbeReplies) {
        let text = String(decoding: body, as: UTF8.self)
        if text.hasPrefix(">|") {
            replies.version = String(text.dropFirst(2))
        } else if text.hasPrefix("1+r") {
            for entry in text.dropFirst(3).split(separator: ";") {
                let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = unhex(parts[0]), !name.isEmpty else { continue }
                replies.terminfoAnswers[name] = parts.count > 1 ? (unhex(parts[1]) ?? "") : ""
            }
        } else if text.hasPrefix("0$r") || text.hasPrefix("1$r") {
            // The validity digit is reversed in DEC's manuals and xterm's; the content decides.
            replies.directColorSyntax = directColorSyntax(text.dropFirst(3))
            replies.directColorReadBack = replies.directColorSyntax != nil
        }
    }

    /// The form in which an SGR read-back holds `38;2;1;2;3` (semicolons, colons, or colons
    /// with the colour-space field, empty as in `38:2::1:2:3` or not); nil when it does not hold it.
    private static func directColorSyntax(_ sgr: Substring) -> DirectColorSyntax? {
        let body = sgr.dropLast(sgr.hasSuffix("m") ? 1 : 0)
        // SGR's parameters are separated by semicolons; a colour in sub-parameters is one of them.
        for parameter in body.split(separator: ";", omittingEmptySubsequences: false) {
            let parts = parameter.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 6, parts[0] == "38", parts[1] == "2", parts[3...].elementsEqual(["1", "2", "3"]) {
                return .colonsWithColorSpace
            }
            if parts.count == 5, parts[0] == "38", parts[1] == "2", parts[2...].elementsEqual(["1", "2", "3"]) { return .colons }
        }
        let fields = body.split(separator: ";", omittingEmptySubsequences: false)
        for start in fields.indices where fields[start] == "38" && start + 4 < fields.count {
            if fields[(start + 1)...(start + 4)].elementsEqual(["2", "1", "2", "3"]) { return .semicolons }
        }
        return nil
    }

    /// `1;2;3` as numbers (an empty field is 0); nil when anything else is in it.
    private static func numbers(_ body: ArraySlice<UInt8>) -> [Int]? {
        var result: [Int] = []
        for field in body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            guard field.count <= 9, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            result.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return result
    }

    /// Hex text as UTF-8 text; nil when it is not hex.
    private static func unhex(_ hex: Substring) -> String? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for pair in stride(from: 0, to: digits.count, by: 2) {
            guard let high = nibble(digits[pair]), let low = nibble(digits[pair + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: return digit - 0x30
        case 0x41...0x46: return digit - 0x41 + 10
        case 0x61...0x66: return digit - 0x61 + 10
        default: return nil
        }
    }
}
