import ColorModel
import TerminalUI

/// Where a test reaches `FullScreenView`'s state from outside, as a finished thumbnail does.
@MainActor
final class FullScreenHandle {
    var mark: Binding<String>?
}

/// A 200x60 screen of text whose last row ends in one cell (column 123) that a key — or a
/// change through `handle` — sets; `coloured` gives each row its own true colour, so that
/// a frame costs as many bytes as cell art does.
struct FullScreenView: View {
    @State var mark = "x"
    var coloured = false
    var handle: FullScreenHandle?

    var body: some View {
        handle?.mark = $mark
        return VStack {
            ForEach(0..<59) { row in
                Text(String(repeating: "abcdefghij", count: 20))
                    .foreground(coloured ? .rgb(RGB(UInt8(row), 90, 200)) : .default)
            }
            HStack(spacing: 0) {
                Text(String(repeating: ".", count: 123))
                Text(mark)
            }
        }
        .onKey { key in
            guard case .character(let c) = key else { return false }
            mark = String(c)
            return true
        }
    }
}
