import SceneCore

/// Where a view's characters are, in its bounds coordinates, with text measured by `measure` (the
/// renderer's measurer, so the answers match the pixels): a text field's scrolled line after its
/// inset, or a label's line aligned and centred vertically in its bounds as the label draws it
/// (multi-line labels are measured as one line).
@MainActor
struct TextGeometry {
    let text: AccessibleText
    let measure: (String, TextStyle) -> Size

    /// The rectangle of the text line, and the x of the boundary before each offset is `origin.x`
    /// plus the width of the text before it.
    var line: Rect {
        switch text.view {
        case let field as TextField:
            return field.textLayout(measuring: measure).line
        case let label as Label:
            let bounds = label.bounds
            let style = label.textStyle
            let size = measure(text.string.isEmpty ? "Ag" : text.string, style)
            let width = text.string.isEmpty ? 0 : size.width
            let x: Double =
                switch style.alignment {
                case .center: bounds.minX + (bounds.width - width) / 2
                case .right: bounds.maxX - width
                default: bounds.minX
                }
            return Rect(x: x, y: bounds.midY - size.height / 2, width: width, height: size.height)
        default:
            return text.view.bounds
        }
    }

    /// The x of the boundary before `offset` (0…count).
    func boundaryX(_ offset: Int, in line: Rect) -> Double {
        if let field = text.view as? TextField { return line.minX + field.characterOffsetX(offset, measuring: measure) }
        guard offset > 0, let style = (text.view as? Label)?.textStyle else { return line.minX }
        return line.minX + measure(text.substring(0..<Swift.min(offset, text.count)), style).width
    }

    /// Character `index`'s box; at the end of the text, a zero-width box after the last character.
    func characterRect(_ index: Int) -> Rect {
        let line = self.line
        let x0 = boundaryX(index, in: line)
        let x1 = index < text.count ? boundaryX(index + 1, in: line) : x0
        return Rect(x: x0, y: line.minY, width: Swift.max(0, x1 - x0), height: line.height)
    }

    /// The box of the characters in `range`.
    func rangeRect(_ range: Range<Int>) -> Rect {
        let line = self.line
        let x0 = boundaryX(range.lowerBound, in: line), x1 = boundaryX(range.upperBound, in: line)
        return Rect(x: x0, y: line.minY, width: Swift.max(0, x1 - x0), height: line.height)
    }

    /// The character under `point`, or nil when the point is beside or above or below the text.
    func offset(at point: Point) -> Int? {
        let line = self.line
        guard text.count > 0, point.y >= line.minY, point.y < line.maxY, point.x >= boundaryX(0, in: line),
            point.x < boundaryX(text.count, in: line)
        else { return nil }
        return lastBoundary(atOrBefore: point.x, in: line)
    }

    /// The characters whose boxes lie entirely inside `box`, or nil when none do.
    func characters(inside box: Rect) -> Range<Int>? {
        let line = self.line
        guard text.count > 0, line.minY >= box.minY, line.maxY <= box.maxY else { return nil }
        var lower = lastBoundary(atOrBefore: box.minX, in: line)
        if boundaryX(lower, in: line) < box.minX { lower += 1 }
        var upper = lastBoundary(atOrBefore: box.maxX, in: line)
        if upper < text.count, boundaryX(upper + 1, in: line) <= box.maxX { upper += 1 }
        return lower < upper ? lower..<upper : nil
    }

    /// The largest offset whose boundary is at or before `x` (0 when none is), by bisection.
    private func lastBoundary(atOrBefore x: Double, in line: Rect) -> Int {
        var low = 0, high = text.count
        while low < high {
            let middle = (low + high + 1) / 2
            if boundaryX(middle, in: line) <= x { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
