import MediaDecoding
import Platform

/// Where each path sits in an array of distinct paths: an open-addressing hash table (linear
/// probing) of array positions. It holds no references and hashes each path's bytes once, so
/// indexing 100,000 picked paths costs neither a retain nor a `Hasher` per path, as a
/// `[RawPath: Int]` did (Ctrl-A over 100,000 entries took 50–140 ms with one).
///
/// The table does not own the paths: every call takes the array the positions point into,
/// and the caller keeps the two in step.
struct PathPositions: Sendable {
    /// Per slot: a position in the low 32 bits and the path's hash in the high 32 (compared
    /// before the bytes, so a probe rarely touches another path), or `empty`. The count is
    /// zero or a power of two.
    private var slots: [UInt64] = []
    /// How many positions are stored.
    private(set) var count = 0
    private static let empty = UInt64.max

    /// The position of `path` in `paths`, or nil; `hash` is `PathBytes.hash(path)` when known.
    func position(of path: RawPath, hash: UInt32? = nil, in paths: [RawPath]) -> Int? {
        guard count > 0 else { return nil }
        let slot = find(path, hash: hash ?? PathBytes.hash(path), in: paths)
        return slots[slot] == Self.empty ? nil : Self.position(in: slots[slot])
    }

    /// Records that `paths[position]` is `path`, which must not be stored yet.
    mutating func insert(_ path: RawPath, at position: Int, in paths: [RawPath]) {
        _ = insertIfAbsent(path, at: position, in: paths)
    }

    /// Records that `paths[position]` will be `path` unless `path` is stored already; true when
    /// it was not (then the caller appends it). One hash and one probe for both questions;
    /// `hash` is `PathBytes.hash(path)` when known.
    mutating func insertIfAbsent(_ path: RawPath, hash: UInt32? = nil, at position: Int, in paths: [RawPath]) -> Bool {
        reserveCapacity(count + 1)
        let hash = hash ?? PathBytes.hash(path)
        let slot = find(path, hash: hash, in: paths)
        guard slots[slot] == Self.empty else { return false }
        slots[slot] = Self.slot(position: position, hash: hash)
        count += 1
        return true
    }

    /// Forgets `path` (stored at `position`), then lowers every later position by one, as
    /// `paths.remove(at: position)` will shift them; call it before removing from `paths`.
    mutating func remove(_ path: RawPath, at position: Int, in paths: [RawPath]) {
        guard count > 0 else { return }
        var hole = find(path, hash: PathBytes.hash(path), in: paths)
        guard slots[hole] != Self.empty else { return }
        // Backward-shift deletion: pull later members of the probe run into the hole when
        // their home slot lies at or before it, so no run is broken.
        let mask = slots.count - 1
        var next = (hole + 1) & mask
        while slots[next] != Self.empty {
            let home = Int(slots[next] >> 32) & mask
            if (next - home) & mask >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Self.empty
        count -= 1
        for index in slots.indices where slots[index] != Self.empty && Self.position(in: slots[index]) > position {
            slots[index] -= 1
        }
    }

    /// Forgets everything.
    mutating func removeAll() {
        slots = []
        count = 0
    }

    /// Makes room for `capacity` positions (the load stays at most one half).
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity * 2 > slots.count else { return }
        var size = 16
        while size < capacity * 2 { size *= 2 }
        let old = slots
        slots = Array(repeating: Self.empty, count: size)
        let mask = size - 1
        for entry in old where entry != Self.empty {
            // Members are distinct: each goes to the first free slot from its home.
            var slot = Int(entry >> 32) & mask
            while slots[slot] != Self.empty { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// The slot holding `path`, or the empty slot where it would go.
    private func find(_ path: RawPath, hash: UInt32, in paths: [RawPath]) -> Int {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != Self.empty {
            if UInt32(truncatingIfNeeded: slots[slot] >> 32) == hash && PathBytes.equal(paths[Self.position(in: slots[slot])], path) { break }
            slot = (slot + 1) & mask
        }
        return slot
    }

    private static func slot(position: Int, hash: UInt32) -> UInt64 { UInt64(hash) << 32 | UInt64(UInt32(position)) }
    private static func position(in slot: UInt64) -> Int { Int(UInt32(truncatingIfNeeded: slot)) }
}
