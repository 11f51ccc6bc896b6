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

    private var session = TwoTouchSession()
    /// Distance between the touches when the second one went down.
    private var startDistance = 0.0
    /// ``scale`` = `referenceScale` × current distance / `referenceDistance`.
    private var referenceScale = 1.0
    private var referenceDistance = 0.0
    private var tracker = VelocityTracker()
    private var lastEventTime: Double?

    /// Current distance over the start distance (1 until the pair forms); see ``setScale(_:)``.
    public private(set) var scale = 1.0

    /// Creates a pinch machine; the slop default comes from ``InteractionDefaults``.
    public init(beginSlop: Double = InteractionDefaults.pinchBeginSlop) {
        self.beginSlop = beginSlop
    }

    /// Makes ``scale`` read `scale` now, scaling with the fingers' distance from here on, and resets
    /// ``velocity``: it reads zero until the next movement, which is measured from this value.
    public mutating func setScale(_ scale: Double) {
        self.scale = scale
        referenceScale = scale
        referenceDistance = currentDistance ?? referenceDistance
        tracker.reset()
        if let lastEventTime { tracker.addSample(scale, at: lastEventTime) }
    }

    /// Change of ``scale`` per second over the most recent samples
    /// (`InteractionDefaults.velocitySampleWindow`); negative while the fingers close.
    public var velocity: Double { tracker.scalarVelocity }

    public mutating func touchBegan(_ id: UInt64, at location: Point, time: Double) {
        guard session.touchBegan(id, at: location), let distance = currentDistance else { return }
        startDistance = distance
        referenceDistance = distance
        referenceScale = 1
        scale = 1
        tracker.reset()
    }

    public mutating func touchMoved(_ id: UInt64, to location: Point, time: Double) {
        session.touchMoved(id, to: location)
    }

    public mutating func touchEnded(_ id: UInt64, at location: Point, time: Double) {
        session.touchEnded(id, at: location)
    }

    public mutating func touchCancelled(_ id: UInt64, time: Double) {
        session.touchCancelled(id)
    }

    public mutating func evaluate(at time: Double) -> GestureMachineOutput {
        if let outcome = session.takePendingOutcome() { return outcome }
        let changed = session.pairChangedSinceEvaluate
        session.pairChangedSinceEvaluate = false
        lastEventTime = time
        if changed {
            updateScale()
            tracker.addSample(scale, at: time)
        }
        switch session.phase {
        case .possible:
            guard session.isFollowingPair, let distance = currentDistance,
                abs(distance - startDistance) >= beginSlop
            else { return .none }
            session.phase = .began
            return .begin
        case .began:
            return changed ? .change : .none
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return .none
        }
    }

    /// Always nil: a pinch has no timer.
    public var deadline: Double? { nil }

    public mutating func timerFired(at time: Double) -> GestureMachineOutput { .none }

    public mutating func reset() {
        session.reset()
        startDistance = 0
        referenceScale = 1
        referenceDistance = 0
        tracker.reset()
        lastEventTime = nil
        scale = 1
    }

    public var touchCount: Int { session.touches.count }

    /// Centroid of the touches down; with none, where the last one lifted.
    public var location: Point? { session.touches.centroidOrLast }

    public func touchLocation(at index: Int) -> Point? { session.touches.location(at: index) }

    private var currentDistance: Double? {
        guard let pair = session.pair else { return nil }
        return pair.first.distance(to: pair.second)
    }

    private mutating func updateScale() {
        guard let distance = currentDistance else { return }
        if referenceDistance > 0 {
            scale = referenceScale * distance / referenceDistance
        } else if distance > 0 {
            referenceDistance = distance
            scale = referenceScale
        }
    }
}
