import TerminalGraphics

/// Decides, frame by frame, what a terminal must be sent so that it shows exactly a frame's
/// pictures (`ScreenBuffer.images`) over the cells curses drew: a value with no I/O, owned by the
/// backend, which executes each `GraphicsPlan`.
///
/// - Sixel and iTerm2 pictures are drawn at the cursor and stay in the terminal's pixels until
///   text is written over them: one that moved or went away has its rows written again by curses,
///   and every such picture on those rows is drawn again after the refresh. An unchanged picture
///   costs nothing. None is drawn on the screen's last row: its bottom would scroll the screen.
/// - kitty pictures are transmitted once under an image id (`KittyImageIDs`, by identity) and
///   placed by it; a placement that went away is deleted with its data kept (`d=i`), so scrolling
///   back costs a placement only; an image evicted from the ids is freed (`d=I`). After a resize
///   or a resume every image is transmitted again: kitty drops the alternate screen's images
///   (data and all) when its window is resized and when the alternate screen is entered.
///
/// Identities must tell pictures apart (the thumbnail pipeline numbers each one it makes).
public struct GraphicsPainter: Sendable {
    /// A picture as last sent, with its kitty placement id (0 for the other protocols).
    struct Shown: Hashable, Sendable {
        var placed: PlacedImage
        var placementID: UInt32
    }

    /// The kitty image ids, by picture identity.
    public private(set) var imageIDs: KittyImageIDs<Int>
    private var shown: [Shown] = []
    /// Set by `invalidate()`: the screen was cleared, so the next frame draws every picture.
    private var redrawsAll = false

    /// A painter whose kitty ids come from `ids`, for at most `capacity` images in the terminal's
    /// memory (keep it above the pictures one screen shows).
    public init(ids: ClosedRange<UInt32> = 1...0xFF_FFFF, capacity: Int = 512) {
        imageIDs = KittyImageIDs(ids: ids, capacity: capacity)
    }

    /// The pictures the terminal shows, as last sent.
    public var shownImages: [PlacedImage] { shown.map(\.placed) }

    /// True when a picture drawn at the cursor (sixel, iTerm2) is on the screen: only clearing
    /// its cells takes it away.
    public var showsCursorDrawnPictures: Bool { shown.contains { $0.placed.image.encoding != .kitty } }

    /// What to send so that a screen of `screen` cells shows exactly `images`; remembers them as
    /// shown. `textRows` are the rows this frame's text was written on: curses may clear any
    /// blank run of a row it updates (erase to the start or end of the line), so a sixel or
    /// iTerm2 picture on such a row is drawn again.
    public mutating func plan(_ images: [PlacedImage], screen: Size, textRows: Set<Int> = []) -> GraphicsPlan {
        let bounds = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        let visible = images.filter { image in
            let frame = image.frame
            // A sixel or iTerm2 picture ends with the cursor below it: on the last row, a scroll.
            let drawable = image.image.encoding == .kitty ? bounds : bounds.inset(bottom: 1)
            return !frame.isEmpty && frame.intersection(drawable) == frame
        }
        let redrawing = redrawsAll
        redrawsAll = false
        var plan = planCursorDrawn(visible.filter { $0.image.encoding != .kitty }, redrawing: redrawing, screen: screen,
                                   textRows: textRows)
        if redrawing { plan.writes += forgetKittyImages() }
        plan.writes += planKitty(visible.filter { $0.image.encoding == .kitty })
        return plan
    }

    /// Sixel and iTerm2: rows to rewrite under what moved or went away, and what to draw again.
    private mutating func planCursorDrawn(_ next: [PlacedImage], redrawing: Bool, screen: Size, textRows: Set<Int>) -> GraphicsPlan {
        var unclaimed = shown.filter { $0.placed.image.encoding != .kitty }.map(\.placed)
        var kept = Set<Int>()
        if !redrawing {
            for (index, image) in next.enumerated() {
                if let match = unclaimed.firstIndex(of: image) {
                    unclaimed.remove(at: match)
                    kept.insert(index)
                }
            }
        }
        // After `invalidate` the whole screen is written again: no row needs it twice. Every
        // picture not kept has its cells printed over, those of a screen before a resize too.
        var rows = Set<Int>()
        let bounds = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        let vacated = unclaimed.map { $0.frame.intersection(bounds) }.filter { !$0.isEmpty }
        if !redrawing {
            for gone in vacated { rows.formUnion(gone.y..<gone.maxY) }
        }
        var writes: [GraphicsPlan.Write] = []
        for (index, image) in next.enumerated() {
            let overwritten = (image.frame.y..<image.frame.maxY).contains { rows.contains($0) || textRows.contains($0) }
            if !kept.contains(index) || overwritten { writes.append(.at(image.origin, image.image.payload)) }
        }
        shown.removeAll { $0.placed.image.encoding != .kitty }
        shown += next.map { Shown(placed: $0, placementID: 0) }
        return GraphicsPlan(rewrittenRows: rows.sorted(), writes: writes, vacated: vacated)
    }

    /// kitty: deletions of placements gone, frees of evicted images, transmissions of new images,
    /// placements of what is new or moved.
    private mutating func planKitty(_ wanted: [PlacedImage]) -> [GraphicsPlan.Write] {
        // More distinct images than ids can hold would evict one still on screen: show the first ones.
        var identities: [Int] = []
        var next: [PlacedImage] = []
        for image in wanted {
            if !identities.contains(image.image.identity) {
                guard identities.count < imageIDs.capacity else { continue }
                identities.append(image.image.identity)
            }
            next.append(image)
        }

        var unclaimed = shown.filter { $0.placed.image.encoding == .kitty }
        var result: [Shown?] = Array(repeating: nil, count: next.count)
        var moved: [Int] = []
        // An unchanged placement keeps its placement id; a moved one takes over one of its own
        // image's (placing under the same ids moves it, no deletion needed); a new one gets a free id.
        for (index, image) in next.enumerated() {
            if let match = unclaimed.firstIndex(where: { $0.placed == image }) {
                result[index] = unclaimed.remove(at: match)
            }
        }
        for (index, image) in next.enumerated() where result[index] == nil {
            let placementID: UInt32
            if let match = unclaimed.firstIndex(where: { $0.placed.image.identity == image.image.identity }) {
                placementID = unclaimed.remove(at: match).placementID
            } else {
                let taken = Set(result.compactMap { $0 }.filter { $0.placed.image.identity == image.image.identity }
                    .map(\.placementID) + unclaimed.filter { $0.placed.image.identity == image.image.identity }.map(\.placementID))
                placementID = (1...).lazy.map(UInt32.init).first { !taken.contains($0) }!
            }
            result[index] = Shown(placed: image, placementID: placementID)
            moved.append(index)
        }

        var writes: [GraphicsPlan.Write] = unclaimed.compactMap { gone in
            imageIDs.imageID(of: gone.placed.image.identity).map {
                .command(KittyGraphics.deletion(imageID: $0, placementID: gone.placementID, freeingData: false))
            }
        }
        // Refresh the images still held first, so that making room never evicts one of this frame's.
        for identity in identities where imageIDs.imageID(of: identity) != nil { _ = imageIDs.acquire(identity) }
        var imageIDOf: [Int: UInt32] = [:]
        for identity in identities {
            let grant = imageIDs.acquire(identity)
            imageIDOf[identity] = grant.imageID
            if let evicted = grant.evicted { writes.append(.command(KittyGraphics.deletion(imageID: evicted, freeingData: true))) }
            if grant.isNew, let first = next.first(where: { $0.image.identity == identity }) {
                writes.append(.command(KittyGraphics.naming(first.image.payload, imageID: grant.imageID)))
            }
        }
        for index in moved.sorted() {
            guard let placed = result[index], let imageID = imageIDOf[placed.placed.image.identity] else { continue }
            let size = placed.placed.image.size
            writes.append(.at(placed.placed.origin, KittyGraphics.placement(imageID: imageID, placementID: placed.placementID,
                                                                           columns: size.width, rows: size.height)))
        }
        shown.removeAll { $0.placed.image.encoding == .kitty }
        shown += result.compactMap { $0 }
        return writes
    }

    /// Forgets what the screen shows, after a resize or a resume cleared it: the next plan draws
    /// every picture again. kitty's are transmitted again, after every image sent is freed: kitty
    /// 0.26 empties the alternate screen's image store on a resize (placing an id it had shows
    /// nothing), and any kitty on entering the alternate screen; the frees are for a terminal
    /// that kept them, so none stays behind unreferenced.
    public mutating func invalidate() { redrawsAll = true }

    /// Before the terminal is given back for a while (Ctrl-Z): every kitty image freed (leaving
    /// the alternate screen drops them anyway), to be transmitted again on the resume. Sixel and
    /// iTerm2 pixels leave with the alternate screen.
    public mutating func suspend() -> GraphicsPlan {
        redrawsAll = true
        return GraphicsPlan(writes: forgetKittyImages())
    }

    /// Frees every kitty image sent (`d=I`, their placements with them) and forgets them, so
    /// that the next plan transmits what it shows.
    private mutating func forgetKittyImages() -> [GraphicsPlan.Write] {
        shown.removeAll { $0.placed.image.encoding == .kitty }
        return imageIDs.releaseAll().map { .command(KittyGraphics.deletion(imageID: $0, freeingData: true)) }
    }

    /// Before the terminal is given back for good: every kitty image it was sent freed (`d=I`, its
    /// placements with it), so nothing stays in the terminal's memory.
    public mutating func finish() -> GraphicsPlan {
        let writes = imageIDs.releaseAll().map { GraphicsPlan.Write.command(KittyGraphics.deletion(imageID: $0, freeingData: true)) }
        shown = []
        return GraphicsPlan(writes: writes)
    }
}
