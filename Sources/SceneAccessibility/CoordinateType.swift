/// The coordinate space of a `Component` call's `coord_type` argument.
enum CoordinateType: UInt32, Sendable, CaseIterable {
    /// Screen points (window frames are in screen coordinates).
    case screen = 0
    /// Relative to the object's top-level window.
    case window = 1
    /// Relative to the object's parent (screen coordinates for a window, whose parent is the root).
    case parent = 2

    /// Parses a client's `coord_type`.
    ///
    /// - Throws: ``AccessibilityError/Code-swift.struct/invalidArgument`` naming the value.
    init(wire value: UInt32) throws(AccessibilityError) {
        guard let type = CoordinateType(rawValue: value) else {
            throw .invalidArgument("coordinate type \(value) is not 0 (screen), 1 (window) or 2 (parent)")
        }
        self = type
    }
}
