/// The continuous two-finger rotation gesture (GR-18).
///
///     1st down ─▶ 2nd down (start angle) ──|rotation since start| ≥ beginSlop──▶ .begin
///        │             │                                                        │ movement ▶ .change
///        └─ a lift, a cancel or a 3rd touch ─▶ .fail                            │ 1st lift ▶ (frozen)
///                                                                               │ 2nd lift ▶ .end
///                                                                               └ a cancel ▶ .cancel
///
/// The angle is that of the vector from the lower-id touch to the higher-id touch,
/// `arcTangent2(dy, dx)`. With y pointing down, a positive angle is clockwise on screen.
///
/// ``rotation`` is absolute, in radians since the second touch went down (or since the last
/// ``setRotation(_:)``). Each event adds the change of angle since the previous event, normalized into
/// (−π, π], so the value unwraps across ±π and can exceed a full turn. A finger pair that turns by
/// more than half a turn between two events is read as the shorter turn the other way.
///
/// After `.begin`, further touches are not tracked; once a finger lifts, ``rotation`` and ``velocity``
/// freeze and no `.change` follows.
public struct RotationMachine: GestureStateMachine {
    /// Radians the angle must turn, from the start angle, before `.begin`.
    public var beginSlop: Double

    private var gesture = TwoTouchGesture<RotationMeasure>()

    /// Radians turned since the start, positive clockwise on screen; see ``setRotation(_:)``.
    public var rotation: Double { gesture.measure.value }

    /// Creates a rotation machine; the slop default comes from ``InteractionDefaults``.
    public init(beginSlop: Double = InteractionDefaults.rotationBeginSlop) {
        self.beginSlop = beginSlop
    }

    /// Makes ``rotation`` read `rotation` now, turning with the fingers from here on, and resets
    /// ``velocity``: it reads zero until the next movement, which is measured from this value.
    public mutating func setRotation(_ rotation: Double) { gesture.setValue(rotation) }

    /// Radians per second of ``rotation`` over the most recent samples
    /// (`InteractionDefaults.velocitySampleWindow`); positive while turning clockwise.
    public var velocity: Double { gesture.velocity }

    // The GestureStateMachine requirements, each the shared two-touch gesture's: deliberately the same
    // forwarding as PinchMachine's, since each is this public type's own ABI symbol (see PinchMachine).

    public mutating func touchBegan(_ id: UInt64, at location: Point, time: Double) {
        gesture.touchBegan(id, at: location)
    }
    public mutating func touchMoved(_ id: UInt64, to location: Point, time: Double) {
        gesture.touchMoved(id, to: location)
    }
    public mutating func touchEnded(_ id: UInt64, at location: Point, time: Double) {
        gesture.touchEnded(id, at: location)
    }
    public mutating func touchCancelled(_ id: UInt64, time: Double) { gesture.touchCancelled(id) }
    public mutating func evaluate(at time: Double) -> GestureMachineOutput {
        gesture.evaluate(at: time, beginSlop: beginSlop)
    }
    /// Always nil: a rotation has no timer.
    public var deadline: Double? { nil }
    public mutating func timerFired(at time: Double) -> GestureMachineOutput { .none }
    public mutating func reset() { gesture.reset() }
    public var touchCount: Int { gesture.touchCount }
    /// Centroid of the touches down; with none, where the last one lifted.
    public var location: Point? { gesture.location }
    public func touchLocation(at index: Int) -> Point? { gesture.touchLocation(at: index) }
}
