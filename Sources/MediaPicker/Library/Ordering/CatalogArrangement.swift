import MediaDecoding

/// A library snapshot put in grid order and catalogued: the part of a library change that goes
/// through every entry. A pure function of the snapshot and the last arrangement, so that the
/// picker can work it out off the main actor while a big scan runs (at 100,000 entries one
/// took the main actor 185–250 ms, and a key pressed meanwhile waited for it) and install the
/// result in one step.
struct CatalogArrangement: Sendable {
    /// The grid order, remembering this snapshot for the next arrangement.
    let order: GridOrder
    /// The entries in grid order, catalogued.
    let catalog: EntryCatalog
    /// How the grid differs from the last arrangement's.
    let change: GridOrder.Change

    /// Arranges `entries` after the arrangement that left `order` and `catalog`.
    init(arranging entries: [MediaEntry], after order: GridOrder, catalog: EntryCatalog) {
        var order = order
        let arranged = order.arrange(entries)
        switch arranged.change {
        case .none:
            self.catalog = catalog.refreshed(with: arranged.entries)
        case .kept(let positions):
            self.catalog = catalog.keeping(positions, entries: arranged.entries)
        case .rebuilt:
            self.catalog = EntryCatalog(sorted: arranged.entries)
        }
        self.order = order
        change = arranged.change
    }
}
