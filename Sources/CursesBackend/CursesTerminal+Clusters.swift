import CNcursesw
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CursesTerminal {
    /// The bytes that write `clusters` over the frame curses has just sent, each at its cell
    /// in its style, from terminfo's strings (`cup`, `sgr0`, `bold`…, `setaf`/`setab` with the
    /// numbers curses' pair has), then leave the attributes normal and the cursor at `home`:
    /// where curses left both, so that its next refresh starts from the truth.
    func clusterBytes(_ clusters: [(point: Point, cluster: DirectClusters.Cluster)], returningTo home: Point) -> [UInt8] {
        let reset = Self.capability("sgr0")
        let attributeNames: [(TextAttributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "sitm"), (.underline, "smul"), (.reverse, "rev")]
        var bytes: [UInt8] = []
        for (point, cluster) in clusters {
            bytes += Self.capability("cup", point.y, point.x) + reset
            for (attribute, name) in attributeNames where cluster.style.attributes.contains(attribute) { bytes += Self.capability(name) }
            if palette.depth != .none {
                let (foreground, background) = palette.colors(of: cluster.style)
                if foreground >= 0 { bytes += Self.capability("setaf", Int(foreground)) }
                if background >= 0 { bytes += Self.capability("setab", Int(background)) }
            }
            bytes += Array(cluster.text.utf8) + reset
        }
        return bytes + Self.capability("cup", home.y, home.x)
    }

    /// Whether curses can draw `cell` itself (see `DirectClusters`), by the C library's widths,
    /// which are curses' own.
    static func cursesDraws(_ cell: Cell) -> Bool {
        DirectClusters.cursesDraws(cell.text.unicodeScalars, columns: cell.width) { Int(cnc_wcwidth(wchar_t(bitPattern: $0.value))) }
    }

    /// A terminfo string with its numbers filled in; nothing when the terminal has none.
    private static func capability(_ name: String, _ first: Int = 0, _ second: Int = 0) -> [UInt8] {
        guard let text = cnc_tiparm(name, Int32(first), Int32(second)) else { return [] }
        return Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }
}
