import Platform

/// Where a camera's pictures come from, as `--device` names it, and the ffmpeg input
/// arguments that open it.
public enum CameraSource: Hashable, Sendable {
    /// A V4L2 device node, `/dev/videoN`.
    case device(RawPath)
    /// ffmpeg's lavfi input, `lavfi:GRAPH` (a test pattern: how tests and the demo get a camera).
    case lavfi(String)
    /// Any URL ffmpeg reads (`rtsp://…`, `http://…`): an IP camera.
    case url(String)

    /// Reads a `--device` value: `lavfi:GRAPH`, a URL (`scheme://…`), else a device path.
    public init(spec: [UInt8]) {
        let text = String(decoding: spec, as: UTF8.self)
        if text.hasPrefix("lavfi:") {
            self = .lavfi(String(text.dropFirst("lavfi:".count)))
        } else if let scheme = Self.scheme(of: text), !scheme.isEmpty,
                  scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" }) {
            self = .url(text)
        } else {
            self = .device(RawPath(bytes: spec))
        }
    }

    /// What comes before `://`, or nil when there is none.
    private static func scheme(of text: String) -> Substring? {
        let characters = Array(text)
        guard characters.count >= 3 else { return nil }
        for i in 0...(characters.count - 3) where characters[i] == ":" && characters[i + 1] == "/" && characters[i + 2] == "/" {
            return text.prefix(i)
        }
        return nil
    }

    /// The source as the user named it (for messages).
    public var description: String {
        switch self {
        case .device(let path): return path.string
        case .lavfi(let graph): return "lavfi:" + graph
        case .url(let url): return url
        }
    }

    /// ffmpeg's arguments that open the source. A lavfi graph is generated as fast as the
    /// machine allows unless read at its own rate (`-re`), which a camera has by nature.
    public var inputArguments: [[UInt8]] {
        switch self {
        case .device(let path): return [b("-f"), b("v4l2"), b("-i"), path.bytes]
        case .lavfi(let graph): return [b("-re"), b("-f"), b("lavfi"), b("-i"), b(graph)]
        case .url(let url): return [b("-i"), b(url)]
        }
    }
}

/// The bytes of `text` (ffmpeg arguments).
func b(_ text: String) -> [UInt8] { Array(text.utf8) }
