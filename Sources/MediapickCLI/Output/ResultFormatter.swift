import MediaDecoding
import TerminalUI

/// Turns picked files into the bytes written to stdout (or `-o FILE`): pure, so every
/// format is tested byte for byte.
///
/// - `lines`: each path's exact bytes, then `\n` (or NUL with `-0`). A name containing a
///   newline cannot be told apart in this format: use `-0`.
/// - `json`: one object per result, then `\n` (or NUL with `-0`), with the fields `path`,
///   `type`, `mime`, `width`, `height`, `bytes`, `duration` (videos), `mtime` (ISO 8601, UTC),
///   and `"partial":true` for a JPEG or PNG cut short, drawn only in part (absent otherwise, so
///   that a reader of the other fields sees nothing new).
///   A path that is not valid UTF-8 is given in `path` with each invalid byte replaced by
///   U+FFFD, and exactly in `path_base64` (that field appears only then).
///
/// Written to a terminal (`names: .shown`), a path is shown as the screen shows it: `lines`
/// escapes it as `SafeText.visible` does, and `json` also escapes as `\uXXXX` the characters
/// that JSON allows as they are but the screen escapes (C1 controls, bidi and other format
/// characters), so the JSON keeps its value and nothing in it acts on the terminal.
public enum ResultFormatter {
    /// The bytes for `records`.
    public static func bytes(_ records: [OutputRecord], format: OutputFormat, nulTerminated: Bool,
                             names: NameOutput = .exact) -> [UInt8] {
        let terminator: UInt8 = nulTerminated ? 0 : UInt8(ascii: "\n")
        var out: [UInt8] = []
        for record in records {
            switch format {
            case .lines: out += names.bytes(record.path)
            case .json: out += Array(jsonObject(record, names: names).utf8)
            }
            out.append(terminator)
        }
        return out
    }

    /// One record as a JSON object (one line, keys in a fixed order).
    public static func jsonObject(_ record: OutputRecord, names: NameOutput = .exact) -> String {
        let path = names == .shown ? JSONText.shownString(record.path.string) : JSONText.string(record.path.string)
        var fields: [(String, String)] = [("path", path)]
        if !record.path.isValidUTF8 { fields.append(("path_base64", JSONText.string(Base64.encode(record.path.bytes)))) }
        fields.append(("type", record.kind.map { JSONText.string($0.rawValue) } ?? "null"))
        fields.append(("mime", record.mimeType.map(JSONText.string) ?? "null"))
        fields.append(("width", record.width.map(String.init) ?? "null"))
        fields.append(("height", record.height.map(String.init) ?? "null"))
        fields.append(("bytes", String(record.byteSize)))
        if record.kind == .video { fields.append(("duration", record.duration.map(JSONText.number) ?? "null")) }
        fields.append(("mtime", JSONText.string(ISO8601.utc(secondsSince1970: record.modificationTime))))
        if record.partial { fields.append(("partial", "true")) }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}

/// JSON literals.
enum JSONText {
    /// `text` as a JSON string: quotes, backslashes and every control character escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars { out += literal(scalar) }
        return out + "\""
    }

    /// `text` as a JSON string for a terminal: also escaped, as `\uXXXX`, every character
    /// the screen escapes (`SafeText`), so that none acts on the terminal or passes unseen.
    /// Where the screen shows ASCII alone (`SafeText.Charset.ascii`), every character outside
    /// ASCII is escaped too (`caf\u00e9`): JSON has no notation for the bytes, and this one
    /// keeps the value.
    static func shownString(_ text: String, charset: SafeText.Charset = SafeText.screenCharset) -> String {
        let ascii = charset == .ascii
        return "\"" + SafeText.rewrite(text, kept: { literal($0, escaping: ascii && $0.value >= 0x80) },
                                       escaped: { literal($0, escaping: true) }) + "\""
    }

    /// One scalar inside a JSON string: the short escapes, `\uXXXX` for the other controls
    /// (or for any scalar when `escaping`; a surrogate pair above U+FFFF).
    private static func literal(_ scalar: Unicode.Scalar, escaping: Bool = false) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            guard escaping || scalar.value < 0x20 || scalar.value == 0x7F else { return String(scalar) }
            return String(scalar).utf16.map { unit in
                let hex = String(unit, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }.joined()
        }
    }

    /// A number rounded to milliseconds, without a trailing `.0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }
}

/// Standard Base64 with padding.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[Int((b1 & 15) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(b2 & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Dates as ISO 8601 text.
enum ISO8601 {
    /// `2026-11-30T13:45:07Z` for a time in seconds since 1970.
    static func utc(secondsSince1970 t: Int64) -> String {
        let days = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
        let secondsOfDay = t - days * 86_400
        let (y, m, d) = civil(daysSince1970: days)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = y >= 0 && y < 10_000 ? String(repeating: "0", count: 4 - String(y).count) + String(y) : String(y)
        return "\(year)-\(two(m))-\(two(d))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))Z"
    }

    /// Year, month, day of a day count (the proleptic Gregorian calendar; H. Hinnant's method).
    static func civil(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
