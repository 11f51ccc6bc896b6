/// Where `Component.ScrollTo` puts an object in its scroll view (`AtspiScrollType`).
enum AtspiScrollType: UInt32, Sendable, CaseIterable, AtspiWireEnumeration {
    /// Its top-left corner at the visible area's top-left.
    case topLeft = 0
    /// Its bottom-right corner at the visible area's bottom-right.
    case bottomRight = 1
    /// Its top edge at the visible area's top; the horizontal offset stays.
    case topEdge = 2
    /// Its bottom edge at the visible area's bottom; the horizontal offset stays.
    case bottomEdge = 3
    /// Its left edge at the visible area's left; the vertical offset stays.
    case leftEdge = 4
    /// Its right edge at the visible area's right; the vertical offset stays.
    case rightEdge = 5
    /// Anywhere in the visible area, scrolling as little as possible.
    case anywhere = 6

    static func unknownWireValue(_ value: UInt32) -> String {
        "scroll type \(value) does not exist; use 0 (top left), 1 (bottom right), 2 (top edge), 3 (bottom edge), "
            + "4 (left edge), 5 (right edge) or 6 (anywhere)"
    }
}
