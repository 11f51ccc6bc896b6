extension Array {
    /// `removeAll(keepingCapacity: true)` for the short lists of gesture handling (a recognizer's
    /// touches, a machine's touch table): removes the elements one by one from the end. For the one or
    /// two elements these lists hold, that costs a fraction of the general `removeAll(keepingCapacity:)`,
    /// which goes through `replaceSubrange`. The storage is kept either way.
    @inline(__always)
    mutating func removeAllKeepingCapacity() {
        while !isEmpty { removeLast() }
    }

    /// `remove(at:)` that takes the cheap path when `index` is the last position (a list of one).
    @inline(__always)
    @discardableResult
    mutating func removeFromShortList(at index: Int) -> Element {
        index == count - 1 ? removeLast() : remove(at: index)
    }
}
