public import SceneCore

/// One finger's change in one input event from the desktop: a finger of the pointer (the mouse as a
/// finger, and its mirrored partner) or of a touchscreen.
public struct FingerChange: Sendable, Equatable, CustomStringConvertible {
    /// What the finger did.
    public enum Phase: String, Sendable, CaseIterable {
        case down, move, up, cancel
    }

    /// The finger's identity from down to up: 0 for the pointer's finger, 1 for its partner
    /// (two-finger gestures), 2 and up for touchscreen fingers (the lowest free number at their down).
    public var finger: UInt32
    public var phase: Phase
    /// Where, in points of the desktop window (origin at its top-left corner). For `cancel`, where
    /// the finger last was.
    public var location: Point

    public init(finger: UInt32, phase: Phase, location: Point) {
        self.finger = finger
        self.phase = phase
        self.location = location
    }

    public var description: String {
        "finger \(finger) \(phase.rawValue) (\(location.x.compactDescription), \(location.y.compactDescription))"
    }
}
