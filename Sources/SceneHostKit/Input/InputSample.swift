public import SceneCore

/// One step of scripted touch input: a finger (slot) goes down, moves, lifts or is cancelled at a
/// screen location, `delay` seconds after the previous step.
public struct InputSample: Sendable, Equatable {
    public enum Phase: String, Sendable, CaseIterable {
        case down, move, up, cancel
    }

    /// The caller's name for a finger; reused after the finger lifts.
    public var slot: UInt32
    public var phase: Phase
    /// Screen coordinates (ignored for `cancel`).
    public var location: Point
    /// Seconds to wait before this step, ≥ 0.
    public var delay: Double

    public init(slot: UInt32, phase: Phase, location: Point, delay: Double = 0) {
        self.slot = slot
        self.phase = phase
        self.location = location
        self.delay = delay
    }
}
