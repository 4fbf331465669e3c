#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Platform

/// A V4L2 device node that can capture video, with the name the driver gives it.
public struct CameraDevice: Hashable, Sendable {
    /// `/dev/videoN`.
    public let path: RawPath
    /// The driver's name for it (`/sys/class/video4linux/videoN/name`).
    public let name: String

    /// A device.
    public init(path: RawPath, name: String) {
        self.path = path
        self.name = name
    }

    /// V4L2_CAP_VIDEO_CAPTURE and its multi-planar twin, as `device_caps` reports them.
    static let captureCapabilities: UInt32 = 0x0000_0001 | 0x0000_1000

    /// The capturing devices under `sysfs` (`/sys/class/video4linux`), ordered by number. A
    /// webcam usually shows two nodes, one of them metadata only: a node whose `device_caps`
    /// says it cannot capture is left out (kept when the kernel does not say).
    public static func list(sysfs: RawPath = RawPath("/sys/class/video4linux"), devices: RawPath = RawPath("/dev")) -> [CameraDevice] {
        guard let folder = sysfs.withCString({ opendir($0) }) else { return [] }
        defer { closedir(folder) }
        var found: [(Int, CameraDevice)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("video"), let number = Int(name.dropFirst(5)) else { continue }
            let node = sysfs.appending(name)
            if let caps = readText(node.appending("device_caps")).flatMap(parseHex), caps & captureCapabilities == 0 { continue }
            let label = readText(node.appending("name")) ?? name
            found.append((number, CameraDevice(path: devices.appending(name), name: label)))
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    private static func readText(_ path: RawPath) -> String? {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self)
        return text.split(separator: "\n").first.map(String.init)
    }

    private static func parseHex(_ text: String) -> UInt32? {
        UInt32(text.hasPrefix("0x") ? String(text.dropFirst(2)) : text, radix: 16)
    }
}
