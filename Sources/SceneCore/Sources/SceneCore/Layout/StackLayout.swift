/// Where a stack's arranged views go [LY-7]: the decision as a value, on one axis and across it, free of
/// views (``StackView`` feeds it and applies its answer; `StackLayoutTests` checks it alone).
///
/// Lengths are along the stack's axis, breadths across it. Each item brings its natural length and
/// breadth (its intrinsic size, or its current size where it has none) and its hugging and
/// compression-resistance priorities along the axis.
struct StackLayout: Equatable {
    struct Item: Equatable {
        var length: Double
        var breadth: Double
        /// Content hugging along the axis: under ``StackView/Distribution/fill`` the lowest one takes
        /// extra room (the first of equals).
        var hugging = LayoutPriority.defaultLow
        /// Compression resistance along the axis: under ``StackView/Distribution/fill`` the lowest one
        /// gives up room first (the last of equals).
        var compressionResistance = LayoutPriority.defaultHigh
    }

    /// One item's place: `position` and `length` along the axis, `offset` and `breadth` across it.
    struct Slot: Equatable {
        var position: Double
        var length: Double
        var offset: Double
        var breadth: Double
    }

    var distribution: StackView.Distribution
    var alignment: StackView.Alignment
    var spacing: Double

    /// The slots of `items` in a stack `length` long and `breadth` broad, in order.
    func slots(for items: [Item], length: Double, breadth: Double) -> [Slot] {
        guard !items.isEmpty else { return [] }
        let spacing = Swift.max(0, self.spacing.isFinite ? self.spacing : 0)
        let gaps = Double(items.count - 1)
        let (positions, lengths) = place(items, in: Swift.max(0, length), spacing: spacing, gaps: gaps)
        return items.indices.map { index in
            let (offset, across) = cross(items[index].breadth, in: Swift.max(0, breadth))
            return Slot(position: positions[index], length: lengths[index], offset: offset, breadth: across)
        }
    }

    /// The natural size of a stack of `items`: their lengths and the spacing along, the broadest across.
    func naturalSize(of items: [Item]) -> (length: Double, breadth: Double) {
        guard !items.isEmpty else { return (0, 0) }
        let spacing = Swift.max(0, self.spacing.isFinite ? self.spacing : 0)
        let length = items.reduce(0) { $0 + Swift.max(0, $1.length) } + spacing * Double(items.count - 1)
        return (length, items.map { Swift.max(0, $0.breadth) }.max() ?? 0)
    }

    private func place(_ items: [Item], in length: Double, spacing: Double, gaps: Double) -> ([Double], [Double]) {
        let natural = items.map { Swift.max(0, $0.length) }
        let room = Swift.max(0, length - spacing * gaps)
        switch distribution {
        case .fill:
            return packed(fitted(items, natural, into: room), spacing: spacing)
        case .fillEqually:
            return packed(Array(repeating: room / Double(items.count), count: items.count), spacing: spacing)
        case .fillProportionally:
            let total = natural.reduce(0, +)
            guard total > 0 else { return packed(Array(repeating: room / Double(items.count), count: items.count), spacing: spacing) }
            return packed(natural.map { room * $0 / total }, spacing: spacing)
        case .equalSpacing:
            return spaced(items, natural, in: length, spacing: spacing, gaps: gaps)
        case .equalCentering:
            let total = natural.reduce(0, +)
            guard items.count > 1, total + spacing * gaps <= length else {
                return spaced(items, natural, in: length, spacing: spacing, gaps: gaps)
            }
            // Centres evenly spaced from the first view's at its leading edge to the last view's at
            // the trailing end; where that brings two views closer than the spacing, equal spacing.
            let first = natural[0] / 2, last = length - natural[items.count - 1] / 2
            let step = (last - first) / gaps
            var positions: [Double] = []
            for index in items.indices { positions.append(first + step * Double(index) - natural[index] / 2) }
            for index in 1..<items.count where positions[index] - (positions[index - 1] + natural[index - 1]) < spacing - 1e-9 {
                return spaced(items, natural, in: length, spacing: spacing, gaps: gaps)
            }
            return (positions, natural)
        }
    }

    /// Natural lengths, with the gaps between them grown equally to fill `length` (never below
    /// `spacing`; when even that does not fit, the lengths shrink as under `fill`).
    private func spaced(_ items: [Item], _ natural: [Double], in length: Double, spacing: Double, gaps: Double) -> ([Double], [Double]) {
        let total = natural.reduce(0, +)
        guard total + spacing * gaps <= length else {
            return packed(fitted(items, natural, into: Swift.max(0, length - spacing * gaps)), spacing: spacing)
        }
        let gap = gaps > 0 ? (length - total) / gaps : 0
        return packed(natural, spacing: gap)
    }

    /// `natural` lengths made to add up to `room`: extra room goes to the item with the lowest
    /// hugging priority (the first of equals); missing room comes from the lowest compression
    /// resistance (the last of equals), each down to zero before the next gives any.
    private func fitted(_ items: [Item], _ natural: [Double], into room: Double) -> [Double] {
        var lengths = natural
        let total = natural.reduce(0, +)
        if total < room {
            var chosen = 0
            for index in items.indices where items[index].hugging < items[chosen].hugging { chosen = index }
            lengths[chosen] += room - total
        } else if total > room {
            var missing = total - room
            let order = items.indices.sorted {
                items[$0].compressionResistance != items[$1].compressionResistance
                    ? items[$0].compressionResistance < items[$1].compressionResistance : $0 > $1
            }
            for index in order where missing > 0 {
                let taken = Swift.min(lengths[index], missing)
                lengths[index] -= taken
                missing -= taken
            }
        }
        return lengths
    }

    private func packed(_ lengths: [Double], spacing: Double) -> ([Double], [Double]) {
        var positions: [Double] = []
        var position = 0.0
        for length in lengths {
            positions.append(position)
            position += length + spacing
        }
        return (positions, lengths)
    }

    /// The offset and breadth across the axis, by the alignment.
    private func cross(_ natural: Double, in breadth: Double) -> (Double, Double) {
        let own = Swift.min(Swift.max(0, natural), breadth)
        switch alignment {
        case .fill: return (0, breadth)
        case .leading: return (0, own)
        case .center: return ((breadth - own) / 2, own)
        case .trailing: return (breadth - own, own)
        }
    }
}
