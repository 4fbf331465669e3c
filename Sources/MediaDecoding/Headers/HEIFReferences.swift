/// The derivation references (`iref`: `dimg`, `auxl`) between the items of a HEIF file: a grid or
/// overlay image is made of the items it references. libheif 1.15 follows them without a
/// cycle check, so a file whose image references itself recurses until the stack or the
/// thread limit gives out, which kills the process (found by fuzzing). Such files are
/// refused before libheif decodes them.
enum HEIFReferences {
    /// Deeper derivation chains than this are refused too (real files use one level: grid → tiles).
    static let maxDepth = 8

    /// False when the references of `r` form a cycle or a chain deeper than `maxDepth`.
    static func areSafe(_ r: ByteReader) -> Bool {
        guard let meta = ISOBox.children(r).first(where: { $0.type == "meta" })?.content(r),
              let inner = meta.from(4),
              let iref = ISOBox.children(inner).first(where: { $0.type == "iref" })?.content(inner),
              let version = iref.u8(0), let body = iref.from(4) else { return true }
        var edges: [Int: [Int]] = [:]
        let idSize = version == 0 ? 2 : 4
        // dimg: a derived image needs the items it names. auxl: an alpha or depth item names
        // its master, and decoding the master decodes it, so the edge runs the other way.
        for box in ISOBox.children(body) where box.type == "dimg" || box.type == "auxl" {
            guard let c = box.content(body), let from = c.uint(0, idSize, bigEndian: true),
                  let count = c.u16be(idSize) else { continue }
            for i in 0..<count {
                guard let to = c.uint(idSize + 2 + i * idSize, idSize, bigEndian: true) else { break }
                if box.type == "dimg" { edges[from, default: []].append(to) } else { edges[to, default: []].append(from) }
            }
        }
        // Depth-first walk from every item, with the path so far: a repeat is a cycle.
        var depthOf: [Int: Int] = [:]
        func depth(_ item: Int, _ path: Set<Int>) -> Int? {
            if path.contains(item) { return nil }
            if let known = depthOf[item] { return known }
            var deepest = 0
            for next in edges[item] ?? [] {
                guard let d = depth(next, path.union([item])), d < maxDepth else { return nil }
                deepest = max(deepest, d + 1)
            }
            depthOf[item] = deepest
            return deepest
        }
        return edges.keys.allSatisfy { depth($0, []) != nil }
    }
}
