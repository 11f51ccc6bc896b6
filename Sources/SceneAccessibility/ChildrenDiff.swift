import SceneCore

/// How a list of children changed, as the `children-changed` events that bring a client's copy up to
/// date: apply ``removed`` in order (each index into the list as it is at that point), then ``added``
/// in order.
///
/// Children kept in the same relative order produce no event. Children that moved (for example with
/// `bringSubviewToFront`) are removed and added again: the kept children that stay in place are a
/// longest subsequence in the same relative order, so the fewest children move.
struct ChildrenDiff {
    /// Removals, from the highest old index down.
    var removed: [(index: Int, child: View)] = []
    /// Additions, from the lowest new index up.
    var added: [(index: Int, child: View)] = []

    var isEmpty: Bool { removed.isEmpty && added.isEmpty }

    init(old: [View], new: [View]) {
        var newIndex: [ObjectIdentifier: Int] = [:]
        for (index, child) in new.enumerated() { newIndex[ObjectIdentifier(child)] = index }
        // Old children still present, with their new positions; those in a longest increasing run stay.
        let kept = old.enumerated().compactMap { entry in newIndex[ObjectIdentifier(entry.element)].map { (old: entry.offset, new: $0) } }
        let staying = Set(Self.longestIncreasingRun(kept.map(\.new)).map { kept[$0].old })
        for (index, child) in old.enumerated().reversed() where !staying.contains(index) {
            removed.append((index, child))
        }
        let stayingNew = Set(staying.compactMap { newIndex[ObjectIdentifier(old[$0])] })
        for (index, child) in new.enumerated() where !stayingNew.contains(index) {
            added.append((index, child))
        }
    }

    /// Indices into `values` of a longest strictly increasing subsequence (patience sorting,
    /// O(n log n)).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // index into values of the smallest tail of a run of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.append(cursor)
            cursor = previous[cursor]
        }
        return run.reversed()
    }
}
