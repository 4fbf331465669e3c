extension Array {
    /// Adds `element` to a list kept sorted largest first by `size`, keeping at most `limit`
    /// elements: the soak's lists of slowest and heaviest keys.
    mutating func insertKeepingLargest(_ element: Element, limit: Int, by size: (Element) -> Double) {
        guard count < limit || size(element) > size(self[count - 1]) else { return }
        append(element)
        sort { size($0) > size($1) }
        if count > limit { removeLast() }
    }
}
