/// Hands out kitty image ids to their owners (tiles, e.g. by `ThumbnailKey`) and remembers who
/// holds which, so that a tile shown again is placed, not transmitted again.
///
/// An id from a hash of the key would collide (two tiles, one id: the second transmission
/// replaces the first image); here ids are counted out of `ids`, skipping those held, so two
/// owners never share one. At most `capacity` owners hold ids — which bounds the terminal's
/// memory: acquiring one more evicts the least recently acquired, whose id the caller frees
/// (`KittyGraphics.deletion(imageID:freeingData: true)`) before transmitting. Acquire every
/// visible tile each frame, and keep `capacity` above the number of tiles on screen, so that
/// what is evicted is never on screen.
///
/// A value: the one who writes to the terminal owns it (the backend, on the main actor).
public struct KittyImageIDs<Owner: Hashable & Sendable>: Sendable {
    /// The ids handed out: 1...0xFFFFFF when placeholders carry them in true colour, 1...255 in
    /// 256 colours.
    public let ids: ClosedRange<UInt32>
    /// How many owners may hold an id at once.
    public let capacity: Int

    private var held: [Owner: (id: UInt32, used: UInt64)] = [:]
    private var owners: [UInt32: Owner] = [:]
    private var next: UInt32
    private var clock: UInt64 = 0

    /// An allocator of `ids` for at most `capacity` owners (clamped to the number of ids).
    public init(ids: ClosedRange<UInt32> = 1...0xFF_FFFF, capacity: Int = 512) {
        precondition(ids.lowerBound > 0, "kitty image id 0 means no id")
        self.ids = ids
        self.capacity = max(1, min(capacity, Int(ids.upperBound - ids.lowerBound) + 1))
        next = ids.lowerBound
    }

    /// How many owners hold an id.
    public var count: Int { held.count }

    /// The id `owner` holds, if any (without counting as a use).
    public func imageID(of owner: Owner) -> UInt32? { held[owner]?.id }

    /// Who holds `imageID`, if anyone.
    public func owner(of imageID: UInt32) -> Owner? { owners[imageID] }

    /// The id of `owner`, given now if it has none. `isNew`: the image must be transmitted under it
    /// (it was not before, or was evicted since). `evicted`: the id taken from the least recently
    /// used owner to make room, to be freed in the terminal first (it may be the id given).
    public mutating func acquire(_ owner: Owner) -> (imageID: UInt32, isNew: Bool, evicted: UInt32?) {
        clock += 1
        if let id = held[owner]?.id {
            held[owner] = (id, clock)
            return (id, false, nil)
        }
        var evicted: UInt32?
        if held.count >= capacity, let oldest = held.min(by: { $0.value.used < $1.value.used }) {
            evicted = oldest.value.id
            release(oldest.key)
        }
        // Capacity never exceeds the number of ids, so a free one exists: at worst a full turn.
        while owners[next] != nil { advance() }
        let id = next
        advance()
        held[owner] = (id, clock)
        owners[id] = owner
        return (id, true, evicted)
    }

    /// Takes `owner`'s id back (the caller frees the image in the terminal); nil when it held none.
    @discardableResult
    public mutating func release(_ owner: Owner) -> UInt32? {
        guard let id = held.removeValue(forKey: owner)?.id else { return nil }
        owners[id] = nil
        return id
    }

    /// Takes every id back, lowest first: what to free when the sheet closes or the program exits.
    public mutating func releaseAll() -> [UInt32] {
        let all = owners.keys.sorted()
        held = [:]
        owners = [:]
        return all
    }

    /// The id after `next`, wrapping within `ids` (ids freed long ago come round again).
    private mutating func advance() {
        next = next == ids.upperBound ? ids.lowerBound : next + 1
    }
}
