/// The continuous two-finger pinch gesture (GR-17).
///
///     1st down ─▶ 2nd down (start distance) ──|distance − start| ≥ beginSlop──▶ .begin
///        │             │                                                        │ movement ▶ .change
///        └─ a lift, a cancel or a 3rd touch ─▶ .fail                            │ 1st lift ▶ (frozen)
///                                                                               │ 2nd lift ▶ .end
///                                                                               └ a cancel ▶ .cancel
///
/// ``scale`` is absolute: the current distance between the two touches divided by their distance when
/// the second one went down (so the first `.begin` usually reads a little above or below 1). It is not
/// a per-event factor. After ``setScale(_:)`` it is that value times the distance's change since then.
///
/// After `.begin`, further touches are not tracked; once a finger lifts, ``scale`` and ``velocity``
/// freeze and no `.change` follows. Two touches going down at the same point have no start distance;
/// the scale is then measured from the first non-zero distance.
public struct PinchMachine: GestureStateMachine {
    /// Points the distance between the fingers must change, from the start distance, before `.begin`.
    public var beginSlop: Double

    private var gesture = TwoTouchGesture<PinchMeasure>()

    /// Current distance over the start distance (1 until the pair forms); see ``setScale(_:)``.
    public var scale: Double { gesture.measure.value }

    /// Creates a pinch machine; the slop default comes from ``InteractionDefaults``.
    public init(beginSlop: Double = InteractionDefaults.pinchBeginSlop) {
        self.beginSlop = beginSlop
    }

    /// Makes ``scale`` read `scale` now, scaling with the fingers' distance from here on, and resets
    /// ``velocity``: it reads zero until the next movement, which is measured from this value.
    public mutating func setScale(_ scale: Double) { gesture.setValue(scale) }

    /// Change of ``scale`` per second over the most recent samples
    /// (`InteractionDefaults.velocitySampleWindow`); negative while the fingers close.
    public var velocity: Double { gesture.velocity }

    // The GestureStateMachine requirements, each the shared two-touch gesture's. Deliberately spelled
    // out again in RotationMachine (`duplicates` pairs the two): each is this public type's own symbol,
    // recorded in the ABI baseline (Sources/SceneCore/ABI) and linked to by plugins built against an
    // earlier SceneCore. Default implementations in a shared protocol would remove those symbols, which
    // scripts/check-abi refuses. The logic itself is one: TwoTouchGesture.

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
    /// Always nil: a pinch has no timer.
    public var deadline: Double? { nil }
    public mutating func timerFired(at time: Double) -> GestureMachineOutput { .none }
    public mutating func reset() { gesture.reset() }
    public var touchCount: Int { gesture.touchCount }
    /// Centroid of the touches down; with none, where the last one lifted.
    public var location: Point? { gesture.location }
    public func touchLocation(at index: Int) -> Point? { gesture.touchLocation(at: index) }
}
