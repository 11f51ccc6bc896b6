/// The coordinate space of a `Component` call's `coord_type` argument.
enum CoordinateType: UInt32, Sendable, CaseIterable, AtspiWireEnumeration {
    /// Screen points (window frames are in screen coordinates).
    case screen = 0
    /// Relative to the object's top-level window.
    case window = 1
    /// Relative to the object's parent (screen coordinates for a window, whose parent is the root).
    case parent = 2

    static func unknownWireValue(_ value: UInt32) -> String {
        "coordinate type \(value) is not 0 (screen), 1 (window) or 2 (parent)"
    }
}
